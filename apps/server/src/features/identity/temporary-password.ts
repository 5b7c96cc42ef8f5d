import crypto from 'node:crypto';

// Letters and digits people cannot confuse when typing from a mail (no O/0, l/1/I).
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const LOWER = 'abcdefghijkmnpqrstuvwxyz';
const DIGITS = '23456789';
const ALL = UPPER + LOWER + DIGITS;

const pick = (alphabet: string) => alphabet[crypto.randomInt(alphabet.length)] as string;

/**
 * A one-time password for an invite: 14 characters (about 80 bits) that always meet the spec's
 * policy, since one of each required kind is placed at a random position.
 * @example temporaryPassword() // 'qT7mZk3RwPd9xA'
 */
export function temporaryPassword(length = 14): string {
  const chars = [pick(UPPER), pick(LOWER), pick(DIGITS)];
  while (chars.length < length) chars.push(pick(ALL));
  for (let i = chars.length - 1; i > 0; i--) {
    const j = crypto.randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j] as string, chars[i] as string];
  }
  return chars.join('');
}
