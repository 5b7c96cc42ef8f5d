import { describe, expect, it } from 'vitest';
import { messages } from '../errors/messages.ts';
import { messagesAt } from '../testing/issues-of.ts';
import { nameSchema, tidyFileName } from './name.ts';

describe('nameSchema', () => {
  it('trims the name', () => {
    expect(nameSchema.parse('  North 40 ')).toBe('North 40');
  });

  it('requires a name', () => {
    expect(messagesAt(nameSchema, '   ', '')).toEqual([messages.validation.nameRequired]);
    expect(messagesAt(nameSchema, undefined, '')).toEqual([messages.validation.nameRequired]);
  });

  it('refuses invisible text-direction controls, which make a name show as other text', () => {
    for (const name of ['Mia \u202EreganaM', '\u2066North\u2069', 'A\u202Ab']) {
      expect(messagesAt(nameSchema, name, '')).toEqual([
        messages.validation.nameWithDirectionControls,
      ]);
    }
    // Right-to-left names and their marks stay allowed.
    expect(nameSchema.parse('שדה צפון\u200F')).toBe('שדה צפון\u200F');
  });

  it('caps the length at 100 characters', () => {
    expect(nameSchema.parse('x'.repeat(100))).toHaveLength(100);
    expect(messagesAt(nameSchema, 'x'.repeat(101), '')).toEqual([messages.validation.nameTooLong]);
  });
});

describe('tidyFileName', () => {
  it('turns control characters and line breaks into one space, so the name saves as it shows', () => {
    expect(tidyFileName('Ctl\u0007Bell \u001b[31m red')).toBe('Ctl Bell [31m red');
    expect(tidyFileName(' North\r\n40\t\u0085 ')).toBe('North 40');
    expect(tidyFileName('\u202Eevil\u202C')).toBe('evil');
    expect(nameSchema.parse(tidyFileName('Ctl\u0007Bell'))).toBe('Ctl Bell');
  });

  it('keeps nothing of a name made only of spaces and controls', () => {
    expect(tidyFileName('\u0000 \n')).toBeUndefined();
    expect(tidyFileName(undefined)).toBeUndefined();
  });

  it('cuts a long name to the longest a name may be, never inside a character', () => {
    expect(tidyFileName('x'.repeat(150))).toBe('x'.repeat(100));
    const cut = tidyFileName(`${'x'.repeat(99)}🌾🌾`) as string;
    expect(cut).toBe('x'.repeat(99));
    expect(nameSchema.safeParse(cut).success).toBe(true);
  });
});
