import crypto from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  claimSignature,
  computeVerifier,
  createServerEphemeral,
  deriveSessionKey,
  formatTimestamp,
  N,
  newSalt,
  padHex,
  parseClientA,
  parseTimestamp,
  poolNameOf,
  signatureMatches,
} from './srp.ts';

// Cross-checks our server math against the client code Amplify actually ships. Its SRP helpers
// are internal (not in the package's exports map), so they are loaded from the dist by path.
interface AmplifyBigInteger {
  toString(radix: number): string;
}
interface AmplifySrp {
  BigInteger: new (hex: string, radix: number) => AmplifyBigInteger;
  getAuthenticationHelper(poolName: string): Promise<{
    A: AmplifyBigInteger;
    getPasswordAuthenticationKey(input: {
      username: string;
      password: string;
      serverBValue: AmplifyBigInteger;
      salt: AmplifyBigInteger;
    }): Promise<Uint8Array>;
  }>;
  getSignatureString(input: {
    userPoolName: string;
    username: string;
    challengeParameters: Record<string, string>;
    dateNow: string;
    hkdf: Uint8Array;
  }): string;
  getNowString(): string;
  getPaddedHex(value: AmplifyBigInteger): string;
}

let amplify: AmplifySrp;

beforeAll(async () => {
  const require = createRequire(import.meta.url);
  const cjsEntry = require.resolve('@aws-amplify/auth');
  const srpDir = path.join(path.dirname(cjsEntry), '../esm/providers/cognito/utils/srp');
  const load = (file: string) => import(pathToFileURL(path.join(srpDir, file)).href);
  const [index, bigInteger, paddedHex] = await Promise.all([
    load('index.mjs'),
    load('BigInteger/BigInteger.mjs'),
    load('getPaddedHex.mjs'),
  ]);
  amplify = { ...index, BigInteger: bigInteger.default, getPaddedHex: paddedHex.getPaddedHex };
});

const poolName = poolNameOf('local_baletrack');
const userIdForSrp = '6f1c2a57-0d7e-4c1b-9a51-3c8f5d2e9b10';
const password = 'Hayfield2025';

/** One full exchange: the real client against our server functions. */
async function exchange(clientPassword: string) {
  const salt = newSalt();
  const verifierHex = computeVerifier({ poolName, userIdForSrp, password, salt });
  const helper = await amplify.getAuthenticationHelper(poolName);
  const A = parseClientA(helper.A.toString(16));
  if (A === null) throw new Error('client A rejected');
  const { b, B } = createServerEphemeral(verifierHex);
  const clientKey = await helper.getPasswordAuthenticationKey({
    username: userIdForSrp,
    password: clientPassword,
    serverBValue: new amplify.BigInteger(B.toString(16), 16),
    salt: new amplify.BigInteger(salt, 16),
  });
  const serverKey = deriveSessionKey({ A, B, b, verifierHex });
  const secretBlock = crypto.randomBytes(64);
  const timestamp = amplify.getNowString();
  const claimed = amplify.getSignatureString({
    userPoolName: poolName,
    username: userIdForSrp,
    challengeParameters: { SECRET_BLOCK: secretBlock.toString('base64') },
    dateNow: timestamp,
    hkdf: clientKey,
  });
  return { clientKey, serverKey, secretBlock, timestamp, claimed };
}

describe('srp', () => {
  it('pads hex like the client (Java toByteArray style)', () => {
    for (const hex of ['14', 'ec', '80', '7f', 'abc', '0123', 'ffffffff', '1']) {
      const value = BigInt(`0x${hex}`);
      expect(padHex(value)).toBe(amplify.getPaddedHex(new amplify.BigInteger(hex, 16)));
    }
    expect(padHex(N)).toBe(amplify.getPaddedHex(new amplify.BigInteger(N.toString(16), 16)));
  });

  it('derives the same session key as the Amplify client and accepts its signature', async () => {
    const { clientKey, serverKey, secretBlock, timestamp, claimed } = await exchange(password);
    expect(serverKey).not.toBeNull();
    expect(Buffer.from(clientKey).toString('hex')).toBe(serverKey?.toString('hex'));
    const expected = claimSignature({
      key: serverKey as Buffer,
      poolName,
      userIdForSrp,
      secretBlock,
      timestamp,
    });
    expect(signatureMatches(expected, claimed)).toBe(true);
  });

  it('rejects the signature of a client holding the wrong password', async () => {
    const { serverKey, secretBlock, timestamp, claimed } = await exchange('Hayfield2026');
    const expected = claimSignature({
      key: serverKey as Buffer,
      poolName,
      userIdForSrp,
      secretBlock,
      timestamp,
    });
    expect(signatureMatches(expected, claimed)).toBe(false);
  });

  it('rejects A ≡ 0 (mod N) and malformed A', () => {
    expect(parseClientA('0')).toBeNull();
    expect(parseClientA(N.toString(16))).toBeNull();
    expect(parseClientA((N * 2n).toString(16))).toBeNull();
    expect(parseClientA('xyz')).toBeNull();
    expect(parseClientA('')).toBeNull();
    expect(parseClientA('f'.repeat(2000))).toBeNull();
    expect(parseClientA('02')).toBe(2n);
  });

  it('formats and parses TIMESTAMP as the client writes it', () => {
    const date = new Date('2025-11-04T09:05:03Z');
    expect(formatTimestamp(date)).toBe('Tue Nov 4 09:05:03 UTC 2025');
    expect(parseTimestamp('Tue Nov 4 09:05:03 UTC 2025')?.toISOString()).toBe(date.toISOString());
    const now = amplify.getNowString();
    expect(Math.abs((parseTimestamp(now)?.getTime() ?? 0) - Date.now())).toBeLessThan(2000);
    expect(parseTimestamp('Wed Nov 4 09:05:03 UTC 2025')).toBeNull();
    expect(parseTimestamp('Tue Nov 31 09:05:03 UTC 2025')).toBeNull();
    expect(parseTimestamp('2025-11-04T09:05:03Z')).toBeNull();
  });

  it('takes the pool name after the first underscore, as Amplify does', () => {
    expect(poolNameOf('local_baletrack')).toBe('baletrack');
    expect(poolNameOf('eu-west-1_AbC123')).toBe('AbC123');
  });
});
