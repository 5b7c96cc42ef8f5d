// Vehicle identification numbers (ISO 3779; balers carry the same 17-character form as a
// product identification number, ISO 10261). Only North America (first character 1 to 5)
// requires the check digit at position 9 (49 CFR 565); elsewhere position 9 is free, so a
// European or demo VIN whose 9th character does not compute is still valid.

/**
 * Why a VIN is malformed:
 * - wrong-length: not 17 characters.
 * - forbidden-letter: holds I, O or Q, which VINs never use (they read as 1 and 0).
 * - invalid-character: holds something other than A–Z and 0–9 (lower case included).
 * - check-digit-mismatch: a North American VIN whose 9th character is not its check digit.
 */
export const vinProblems = [
  'wrong-length',
  'forbidden-letter',
  'invalid-character',
  'check-digit-mismatch',
] as const;
export type VinProblem = (typeof vinProblems)[number];

export const VIN_LENGTH = 17;

// Letters take the values 1–9 in runs (A–H, J–R, S–Z, skipping I, O and Q, which never occur).
// biome-ignore format: three runs read better than 23 lines
const TRANSLITERATION: Readonly<Record<string, number>> = {
  A: 1, B: 2, C: 3, D: 4, E: 5, F: 6, G: 7, H: 8,
  J: 1, K: 2, L: 3, M: 4, N: 5, P: 7, R: 9,
  S: 2, T: 3, U: 4, V: 5, W: 6, X: 7, Y: 8, Z: 9,
};
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];

/**
 * Whether the region of a VIN requires the check digit: North America, first character 1–5.
 * @example usesCheckDigit('1M8GDM9AXKP042788') // true
 * @example usesCheckDigit('WP0ZZZ99ZTS392124') // false
 */
export function usesCheckDigit(vin: string): boolean {
  return /^[1-5]/.test(vin);
}

/**
 * The check digit of a well-formed VIN ('0'–'9' or 'X'): the weighted sum of the transliterated
 * characters modulo 11, 10 written as X. Position 9 itself weighs 0.
 * @example vinCheckDigit('1M8GDM9AXKP042788') // 'X'
 */
export function vinCheckDigit(vin: string): string {
  let sum = 0;
  for (const [index, character] of [...vin].entries()) {
    const value = /\d/.test(character) ? Number(character) : TRANSLITERATION[character];
    if (value === undefined) throw new RangeError(`Not a VIN character: ${character}`);
    sum += value * (WEIGHTS[index] ?? 0);
  }
  const remainder = sum % 11;
  return remainder === 10 ? 'X' : String(remainder);
}

/**
 * What is wrong with a VIN, or null when it is valid. Upper-case it first (the contracts'
 * `vinSchema` does): lower-case letters count as invalid characters here.
 * @example vinProblem('1M8GDM9AXKP042788') // null
 * @example vinProblem('1M8GDM9A1KP042788') // 'check-digit-mismatch'
 * @example vinProblem('BT34LSX7R2H104872') // null: outside North America
 */
export function vinProblem(vin: string): VinProblem | null {
  if (vin.length !== VIN_LENGTH) return 'wrong-length';
  if (/[IOQ]/.test(vin)) return 'forbidden-letter';
  if (!/^[A-Z0-9]+$/.test(vin)) return 'invalid-character';
  if (usesCheckDigit(vin) && vin[8] !== vinCheckDigit(vin)) return 'check-digit-mismatch';
  return null;
}
