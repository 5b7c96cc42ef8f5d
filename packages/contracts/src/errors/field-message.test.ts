import { describe, expect, it } from 'vitest';
import { fieldMessage } from './field-message.ts';

describe('fieldMessage', () => {
  it("names the field when the wording is the validation library's", () => {
    expect(fieldMessage('weightKg', 'Invalid input: expected number, received string')).toBe(
      'weightKg: expected number, received string',
    );
    expect(fieldMessage('name', 'Too big: expected string to have <=80 characters')).toBe(
      'name: too big: expected string to have <=80 characters',
    );
  });

  it('keeps our own messages as they are written', () => {
    expect(fieldMessage('confirmPassword', 'Passwords do not match')).toBe(
      'Passwords do not match',
    );
    expect(fieldMessage('', 'Invalid input: expected object, received null')).toBe(
      'Invalid input: expected object, received null',
    );
  });
});
