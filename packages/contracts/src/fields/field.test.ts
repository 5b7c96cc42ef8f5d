import { describe, expect, it } from 'vitest';
import { messages } from '../errors/messages.ts';
import { issuesOf } from '../testing/issues-of.ts';
import { fieldSchema, saveFieldRequestSchema } from './field.ts';

const boundary = {
  type: 'Polygon',
  coordinates: [
    [
      [-97.1, 38.1],
      [-97.0, 38.1],
      [-97.0, 38.2],
      [-97.1, 38.1],
    ],
  ],
};

describe('saveFieldRequestSchema', () => {
  it('accepts a named boundary with or without a stated size', () => {
    const field = { name: 'North 40', sizeHectares: 16.2, boundary };
    expect(saveFieldRequestSchema.parse(field)).toEqual(field);
    expect(saveFieldRequestSchema.parse({ ...field, sizeHectares: null }).sizeHectares).toBeNull();
  });

  it('rejects a field without a name or boundary', () => {
    expect(issuesOf(saveFieldRequestSchema, { name: '', sizeHectares: null, boundary })).toEqual([
      { path: 'name', message: messages.validation.nameRequired },
    ]);
    expect(saveFieldRequestSchema.safeParse({ name: 'x', sizeHectares: null }).success).toBe(false);
  });

  it('rejects a zero size', () => {
    expect(saveFieldRequestSchema.safeParse({ name: 'x', sizeHectares: 0, boundary }).success).toBe(
      false,
    );
  });
});

describe('fieldSchema', () => {
  it('carries the computed area', () => {
    const field = {
      id: '6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
      name: 'North 40',
      sizeHectares: null,
      areaHectares: 16.19,
      boundary,
    };
    expect(fieldSchema.parse(field)).toEqual(field);
  });
});
