import { describe, expect, it } from 'vitest';
import { messages } from '../errors/messages.ts';
import { issuesOf } from '../testing/issues-of.ts';
import { cropSchema, saveCropQuerySchema } from './crop.ts';

describe('saveCropQuerySchema', () => {
  it('takes a trimmed name', () => {
    expect(saveCropQuerySchema.parse({ name: ' Alfalfa ' })).toEqual({ name: 'Alfalfa' });
  });

  it('needs a name', () => {
    expect(issuesOf(saveCropQuerySchema, {})).toEqual([
      { path: 'name', message: messages.validation.nameRequired },
    ]);
  });
});

describe('cropSchema', () => {
  it('needs a uuid id', () => {
    const crop = { id: '0b9a4c4e-3f7e-4a52-9d43-0c6a1f2b3c4d', name: 'Alfalfa' };
    expect(cropSchema.parse(crop)).toEqual(crop);
    expect(cropSchema.safeParse({ id: 7, name: 'Alfalfa' }).success).toBe(false);
  });
});
