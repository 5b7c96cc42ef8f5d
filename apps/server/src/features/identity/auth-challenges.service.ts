import crypto from 'node:crypto';
import type { AppContext } from '../../app-context.ts';
import {
  type ChallengeKind,
  insertChallenge,
  type StoredChallenge,
  takeChallenge,
} from './auth-challenges.repository.ts';
import { cognitoErrors } from './cognito-error.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A pending step's handle: the row id plus a secret whose hash alone is stored. */
export interface ChallengeHandle {
  id: string;
  secret: Buffer;
}

/*
 * Pending sign-in steps (SRP secret blocks, SELECT_CHALLENGE and NEW_PASSWORD_REQUIRED
 * sessions). Each is bound to its user and data in the database, answerable once (taken with
 * a DELETE … RETURNING) and only before it expires; a database reader cannot answer one.
 */

export async function openChallenge(
  ctx: AppContext,
  kind: ChallengeKind,
  input: { userId: string | null; payload: Record<string, unknown>; ttlMs: number },
): Promise<ChallengeHandle> {
  const now = ctx.now();
  const handle = { id: crypto.randomUUID(), secret: crypto.randomBytes(32) };
  await insertChallenge(
    ctx.db,
    {
      id: handle.id,
      userId: input.userId,
      kind,
      payload: { ...input.payload, secretHash: hashSecret(ctx, handle.secret) },
      expiresAt: new Date(now.getTime() + input.ttlMs),
    },
    now,
  );
  return handle;
}

/**
 * Takes a pending step for answering. Unknown, reused or forged handles get `invalid`
 * (the caller's error); expired ones get Cognito's session-expired error.
 */
export async function answerChallenge(
  ctx: AppContext,
  kind: ChallengeKind,
  handle: ChallengeHandle | null,
  invalid: () => Error,
): Promise<StoredChallenge> {
  const challenge = handle ? await takeChallenge(ctx.db, handle.id) : undefined;
  if (!handle || !challenge || challenge.kind !== kind) throw invalid();
  const stored = Buffer.from(String(challenge.payload.secretHash ?? ''), 'hex');
  const given = Buffer.from(hashSecret(ctx, handle.secret), 'hex');
  if (stored.length !== given.length || !crypto.timingSafeEqual(stored, given)) throw invalid();
  if (challenge.expiresAt <= ctx.now()) throw cognitoErrors.sessionExpired();
  return challenge;
}

/** Cognito's `Session`: opaque to the client. */
export function sessionOf(handle: ChallengeHandle): string {
  return `${handle.id}.${handle.secret.toString('base64url')}`;
}

export function handleFromSession(session: string): ChallengeHandle | null {
  const [id, secret] = session.split('.');
  return id && secret && UUID.test(id) ? { id, secret: Buffer.from(secret, 'base64url') } : null;
}

/** SRP's SECRET_BLOCK: base64 bytes that also enter the client's signature. */
export function secretBlockOf(handle: ChallengeHandle): string {
  return Buffer.concat([Buffer.from(handle.id.replaceAll('-', ''), 'hex'), handle.secret]).toString(
    'base64',
  );
}

export function handleFromSecretBlock(block: string): ChallengeHandle | null {
  const bytes = Buffer.from(block, 'base64');
  if (bytes.length !== 48) return null;
  const hex = bytes.subarray(0, 16).toString('hex');
  const id = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  return { id, secret: bytes.subarray(16) };
}

function hashSecret(ctx: AppContext, secret: Buffer): string {
  return ctx.secrets.hash('auth-challenge', secret);
}
