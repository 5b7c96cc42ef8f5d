import { PASSWORD_MIN_LENGTH } from '@baletrack/contracts/constants';

/**
 * The password policy of docs/product.md#validation-rules in words, shown under every field that
 * sets a password.
 */
export const passwordHint = `At least ${PASSWORD_MIN_LENGTH} characters, with a number, a lowercase and an uppercase letter.`;
