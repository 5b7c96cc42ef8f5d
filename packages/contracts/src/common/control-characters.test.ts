import { describe, expect, it } from 'vitest';
import { controlCharacterIssue, fieldLabel } from './control-characters.ts';

describe('controlCharacterIssue', () => {
  it('finds NUL and other control characters, naming the field as the form labels it', () => {
    expect(controlCharacterIssue({ name: 'Home\u0000Field' })).toEqual({
      path: 'name',
      message: 'Name must not contain invisible control characters (such as NUL).',
    });
    expect(controlCharacterIssue({ scans: [{ tag: 'ok' }, { tag: 'A\u001bB' }] })).toEqual({
      path: 'scans.1.tag',
      message: 'Tag must not contain invisible control characters (such as NUL).',
    });
    expect(controlCharacterIssue('\u007f')?.message).toBe(
      'The request must not contain invisible control characters (such as NUL).',
    );
  });

  it('lets tabs, line breaks and every printable character through', () => {
    const fine = { note: 'Line one\r\nline two\tindented', name: 'Ölwiese – 2ᵉ coupe 🌾' };
    expect(controlCharacterIssue(fine)).toBeNull();
    expect(controlCharacterIssue({ weightKg: 640, ok: true, none: null })).toBeNull();
  });

  it('checks object keys too', () => {
    expect(controlCharacterIssue({ 'bad\u0000key': 1 })).toEqual({
      path: 'bad\\u0000key',
      message: 'A key of the request must not contain invisible control characters (such as NUL).',
    });
  });
});

describe('fieldLabel', () => {
  it('spells a key out in words, without the raw key or its position', () => {
    expect(fieldLabel('name')).toBe('Name');
    expect(fieldLabel('bales.3.tagSerialNumber')).toBe('Tag serial number');
    expect(fieldLabel('AuthParameters.USERNAME')).toBe('Username');
    expect(fieldLabel('vin')).toBe('VIN');
    expect(fieldLabel('recipients.2')).toBe('Recipients');
    expect(fieldLabel('')).toBe('The request');
  });
});
