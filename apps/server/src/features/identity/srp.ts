import crypto from 'node:crypto';

// The server half of Cognito's SRP-6a variant, byte for byte as aws-amplify's client computes it
// (docs/product.md#srp). Pure functions over bigint: no I/O.

/** RFC 3526 group 15: the 3072-bit MODP prime. */
export const N = BigInt(
  '0xFFFFFFFFFFFFFFFFC90FDAA22168C234C4C6628B80DC1CD129024E088A67CC74020BBEA63B139B22514A08798E3404DD' +
    'EF9519B3CD3A431B302B0A6DF25F14374FE1356D6D51C245E485B576625E7EC6F44C42E9A637ED6B0BFF5CB6F406B7ED' +
    'EE386BFB5A899FA5AE9F24117C4B1FE649286651ECE45B3DC2007CB8A163BF0598DA48361C55D39A69163FA8FD24CF5F' +
    '83655D23DCA3AD961C62F356208552BB9ED529077096966D670C354E4ABC9804F1746C08CA18217C32905E462E36CE3B' +
    'E39E772C180E86039B2783A2EC07A28FB5C55DF06F4C52C9DE2BCBF6955817183995497CEA956AE515D2261898FA0510' +
    '15728E5A8AAAC42DAD33170D04507A33A85521ABDF1CBA64ECFB850458DBEF0A8AEA71575D060C7DB3970F85A6E1E4C7' +
    'ABF5AE8CDB0933D71E8C94E04A25619DCEE3D2261AD2EE6BF12FFA06D98A0864D87602733EC86A64521F2B18177B200C' +
    'BBE117577A615D6C770988C0BAD946E208E24FA074E5AB3143DB5BFCE0FD108E4B82D120A93AD2CAFFFFFFFFFFFFFFFF',
);
export const g = 2n;

const HKDF_INFO = 'Caldera Derived Key';
// A is at most N's size; a longer value is an attack on our bigint arithmetic, not a client.
const MAX_A_HEX_LENGTH = 800;

/**
 * Minimal even-length hex with `00` prepended when the top bit is set (Java's
 * `BigInteger.toByteArray`), which is what the client hashes.
 * @example padHex(0xecn) // → '00ec'
 */
export function padHex(value: bigint): string {
  let hex = value.toString(16);
  if (hex.length % 2 === 1) hex = `0${hex}`;
  return /^[89a-f]/.test(hex) ? `00${hex}` : hex;
}

function sha256Hex(data: Buffer | string): string {
  return crypto.createHash('sha256').update(data).digest('hex');
}

/** SHA-256 of the bytes a hex string stands for, as a number. */
function hashHexToBigInt(hex: string): bigint {
  return BigInt(`0x${sha256Hex(Buffer.from(hex, 'hex'))}`);
}

export function modPow(base: bigint, exponent: bigint, modulus: bigint): bigint {
  let result = 1n;
  let b = base % modulus;
  let e = exponent;
  while (e > 0n) {
    if (e & 1n) result = (result * b) % modulus;
    b = (b * b) % modulus;
    e >>= 1n;
  }
  return result;
}

export const k = hashHexToBigInt(padHex(N) + padHex(g));

/** The pool name that enters every verifier: what follows the first `_` of the pool id. */
export function poolNameOf(userPoolId: string): string {
  return userPoolId.split('_')[1] ?? '';
}

/**
 * A salt as the client will read it back (hex of a positive number, canonical form), from 16
 * bytes: random for real users, derived from a server key for unknown names.
 */
export function saltFromBytes(bytes: Buffer): string {
  return padHex(BigInt(`0x${bytes.toString('hex')}`));
}

export function newSalt(): string {
  return saltFromBytes(crypto.randomBytes(16));
}

/**
 * v = g^x mod N with x = H(padHex(salt) ‖ H(poolName ‖ userIdForSrp ‖ ":" ‖ password)), in hex.
 * @example computeVerifier({ poolName: 'baletrack', userIdForSrp: id, password, salt: newSalt() })
 */
export function computeVerifier(input: {
  poolName: string;
  userIdForSrp: string;
  password: string;
  salt: string;
}): string {
  const inner = sha256Hex(`${input.poolName}${input.userIdForSrp}:${input.password}`);
  const x = hashHexToBigInt(padHex(BigInt(`0x${input.salt}`)) + inner);
  return padHex(modPow(g, x, N));
}

/** Parses the client's SRP_A; null when malformed or when A mod N = 0 (which would let anyone in). */
export function parseClientA(hex: string): bigint | null {
  if (hex.length === 0 || hex.length > MAX_A_HEX_LENGTH || !/^[0-9a-f]+$/i.test(hex)) return null;
  const A = BigInt(`0x${hex}`);
  return A % N === 0n ? null : A;
}

/** The server's ephemeral pair: b random, B = (k·v + g^b) mod N, never 0 mod N. */
export function createServerEphemeral(verifierHex: string): { b: bigint; B: bigint } {
  const v = BigInt(`0x${verifierHex}`);
  for (;;) {
    const b = BigInt(`0x${crypto.randomBytes(32).toString('hex')}`);
    const B = (k * v + modPow(g, b, N)) % N;
    if (B !== 0n) return { b, B };
  }
}

/**
 * K = HKDF-SHA256(ikm = padHex(S), salt = padHex(u), info = "Caldera Derived Key", 16 bytes)
 * with u = H(padHex(A) ‖ padHex(B)) and S = (A · v^u)^b mod N. Null when u = 0.
 */
export function deriveSessionKey(input: {
  A: bigint;
  B: bigint;
  b: bigint;
  verifierHex: string;
}): Buffer | null {
  const u = hashHexToBigInt(padHex(input.A) + padHex(input.B));
  if (u === 0n) return null;
  const v = BigInt(`0x${input.verifierHex}`);
  const S = modPow((input.A % N) * modPow(v, u, N), input.b, N);
  const key = crypto.hkdfSync(
    'sha256',
    Buffer.from(padHex(S), 'hex'),
    Buffer.from(padHex(u), 'hex'),
    HKDF_INFO,
    16,
  );
  return Buffer.from(key);
}

/** HMAC-SHA256(K, poolName ‖ userIdForSrp ‖ secretBlock ‖ timestamp): the client's proof. */
export function claimSignature(input: {
  key: Buffer;
  poolName: string;
  userIdForSrp: string;
  secretBlock: Buffer;
  timestamp: string;
}): Buffer {
  return crypto
    .createHmac('sha256', input.key)
    .update(Buffer.from(input.poolName, 'utf8'))
    .update(Buffer.from(input.userIdForSrp, 'utf8'))
    .update(input.secretBlock)
    .update(Buffer.from(input.timestamp, 'utf8'))
    .digest();
}

/** Compares the client's base64 PASSWORD_CLAIM_SIGNATURE with ours in constant time. */
export function signatureMatches(expected: Buffer, claimedBase64: string): boolean {
  const claimed = Buffer.from(claimedBase64, 'base64');
  return claimed.length === expected.length && crypto.timingSafeEqual(claimed, expected);
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const TIMESTAMP = /^([A-Z][a-z]{2}) ([A-Z][a-z]{2}) (\d{1,2}) (\d{2}):(\d{2}):(\d{2}) UTC (\d{4})$/;

/**
 * The client's TIMESTAMP: `ddd MMM D HH:mm:ss UTC YYYY`, English names, day not zero-padded.
 * @example formatTimestamp(new Date('2025-11-04T09:05:03Z')) // → 'Tue Nov 4 09:05:03 UTC 2025'
 */
export function formatTimestamp(date: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return (
    `${WEEKDAYS[date.getUTCDay()]} ${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()} ` +
    `${two(date.getUTCHours())}:${two(date.getUTCMinutes())}:${two(date.getUTCSeconds())} UTC ` +
    `${date.getUTCFullYear()}`
  );
}

/** Parses a TIMESTAMP; null unless it is well formed and names a real instant (weekday included). */
export function parseTimestamp(text: string): Date | null {
  const match = TIMESTAMP.exec(text);
  if (!match) return null;
  const [, weekday, month, day, hours, minutes, seconds, year] = match;
  const monthIndex = MONTHS.indexOf(month ?? '');
  if (monthIndex < 0) return null;
  const date = new Date(
    Date.UTC(
      Number(year),
      monthIndex,
      Number(day),
      Number(hours),
      Number(minutes),
      Number(seconds),
    ),
  );
  return formatTimestamp(date) ===
    `${weekday} ${month} ${Number(day)} ${hours}:${minutes}:${seconds} UTC ${year}`
    ? date
    : null;
}
