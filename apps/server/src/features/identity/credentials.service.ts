import crypto from 'node:crypto';
import { passwordSchema } from '@baletrack/contracts/identity/register';
import type { AppContext } from '../../app-context.ts';
import { cognitoErrors } from './cognito-error.ts';
import { findUserByUsername, isUserIdName, type PoolUser } from './pool-users.repository.ts';
import { computeVerifier, N, newSalt, padHex, poolNameOf, saltFromBytes } from './srp.ts';

/** Who a sign-in is about: a real user, or a stable stand-in for a name nobody holds. */
export interface SignInIdentity {
  user: PoolUser | null;
  /** The user's uuid, or a fake one derived from the name: it enters the client's hash. */
  userIdForSrp: string;
  salt: string;
  verifierHex: string;
}

/**
 * Rejects a password that breaks the password policy of docs/product.md#validation-rules, naming
 * the first rule it breaks.
 */
export function assertPasswordPolicy(password: string): void {
  const result = passwordSchema.safeParse(password);
  if (!result.success) {
    throw cognitoErrors.invalidPassword(result.error.issues[0]?.message ?? 'invalid password');
  }
}

/*
 * Passwords as SRP verifiers. Verifiers are a fast hash by design of the protocol, so they are
 * sealed with the server key at rest (docs/product.md#hardening), bound to their user id.
 */

/** The pool name that enters every SRP hash (the part of the pool id after the region). */
export function srpPoolName(ctx: AppContext): string {
  return poolNameOf(ctx.config.userPool.id);
}

/** Salt and sealed verifier for a new password; the caller checks the policy first. */
export function newVerifier(
  ctx: AppContext,
  userId: string,
  password: string,
): { srpSalt: string; srpVerifier: string } {
  const salt = newSalt();
  const verifier = computeVerifier({
    poolName: srpPoolName(ctx),
    userIdForSrp: userId,
    password,
    salt,
  });
  return {
    srpSalt: salt,
    srpVerifier: ctx.secrets.seal('srp-verifier', `${userId}.${verifier}`),
  };
}

/** The user's verifier in hex, or null when it was not sealed for this user with our key. */
export function openVerifier(
  ctx: AppContext,
  user: Pick<PoolUser, 'id' | 'srpVerifier'>,
): string | null {
  const opened = ctx.secrets.open('srp-verifier', user.srpVerifier);
  const [id, verifier] = opened?.split('.') ?? [];
  return id === user.id && verifier ? verifier : null;
}

/** Looks the name up; unknown names (and unreadable verifiers) get the stand-in. */
export async function resolveSignInIdentity(
  ctx: AppContext,
  username: string,
): Promise<SignInIdentity> {
  const user = (await findUserByUsername(ctx.db, username)) ?? null;
  const verifierHex = user ? openVerifier(ctx, user) : null;
  if (!user || !verifierHex) return { ...standInIdentity(ctx, username), user: null };
  return { user, userIdForSrp: user.id, salt: user.srpSalt, verifierHex };
}

/**
 * The same challenge shape for a name that has no user, stable across requests so repeated
 * probes see nothing change: salt, id and verifier all derive from a server key and the name.
 */
export function standInIdentity(ctx: AppContext, username: string): SignInIdentity {
  const derive = standInDerivation(ctx, username);
  const verifier = BigInt(`0x${derive('verifier', 384).toString('hex')}`) % N;
  return {
    user: null,
    userIdForSrp: standInUserId(ctx, username),
    salt: saltFromBytes(derive('salt', 16)),
    verifierHex: padHex(verifier),
  };
}

/**
 * The id a name stands for when no user holds it: the subject of its lockout and mail limits and
 * the holder of its codes, as a user's id is for a user. A uuid-shaped name is its own id (a user
 * answers to their id too, so the name and the email that led to it must meet on one id); any
 * other name gets a stable uuid derived from it with a server key.
 * @example standInUserId(ctx, 'Nobody@Example.com') // → '3f2b…-4…' (the same for 'nobody@example.com')
 */
export function standInUserId(ctx: AppContext, username: string): string {
  if (isUserIdName(username)) return username.toLowerCase();
  const id = standInDerivation(ctx, username)('id', 16);
  id[6] = ((id[6] ?? 0) & 0x0f) | 0x40;
  id[8] = ((id[8] ?? 0) & 0x3f) | 0x80;
  const hex = id.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function standInDerivation(ctx: AppContext, username: string) {
  const name = username.trim().toLowerCase();
  const key = ctx.secrets.key('srp-unknown-user');
  return (label: string, length: number) =>
    Buffer.from(crypto.hkdfSync('sha256', key, Buffer.alloc(0), `${label}:${name}`, length));
}

/** USER_PASSWORD_AUTH and ChangePassword: recompute the verifier and compare in constant time. */
export function passwordMatches(
  ctx: AppContext,
  identity: SignInIdentity,
  password: string,
): boolean {
  const candidate = computeVerifier({
    poolName: srpPoolName(ctx),
    userIdForSrp: identity.userIdForSrp,
    password,
    salt: identity.salt,
  });
  const a = Buffer.from(candidate, 'hex');
  const b = Buffer.from(identity.verifierHex, 'hex');
  return identity.user !== null && a.length === b.length && crypto.timingSafeEqual(a, b);
}
