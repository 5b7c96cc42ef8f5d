import { describe, expect, it } from 'vitest';
import { controlCharacterIssue } from './control-characters.ts';

describe('controlCharacterIssue', () => {
  it('finds NUL and other control characters, naming the field', () => {
    expect(controlCharacterIssue({ name: 'Home\u0000Field' })).toEqual({
      path: 'name',
      message: 'name: control characters (such as NUL) are not allowed.',
    });
    expect(controlCharacterIssue({ scans: [{ tag: 'ok' }, { tag: 'A\u001bB' }] })?.path).toBe(
      'scans.1.tag',
    );
    expect(controlCharacterIssue('\u007f')?.message).toBe(
      'The request: control characters (such as NUL) are not allowed.',
    );
  });

  it('lets tabs, line breaks and every printable character through', () => {
    const fine = { note: 'Line one\r\nline two\tindented', name: 'Ölwiese – 2ᵉ coupe 🌾' };
    expect(controlCharacterIssue(fine)).toBeNull();
    expect(controlCharacterIssue({ weightKg: 640, ok: true, none: null })).toBeNull();
  });

  it('checks object keys too', () => {
    expect(controlCharacterIssue({ 'bad\u0000key': 1 })?.path).toBe('bad\\u0000key');
  });
});
