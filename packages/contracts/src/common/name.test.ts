import { describe, expect, it } from 'vitest';
import { messages } from '../errors/messages.ts';
import { messagesAt } from '../testing/issues-of.ts';
import { nameSchema } from './name.ts';

describe('nameSchema', () => {
  it('trims the name', () => {
    expect(nameSchema.parse('  North 40 ')).toBe('North 40');
  });

  it('requires a name', () => {
    expect(messagesAt(nameSchema, '   ', '')).toEqual([messages.validation.nameRequired]);
    expect(messagesAt(nameSchema, undefined, '')).toEqual([messages.validation.nameRequired]);
  });

  it('caps the length at 100 characters', () => {
    expect(nameSchema.parse('x'.repeat(100))).toHaveLength(100);
    expect(messagesAt(nameSchema, 'x'.repeat(101), '')).toEqual([messages.validation.nameTooLong]);
  });
});
