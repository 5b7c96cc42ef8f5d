import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { DataExport } from '@baletrack/contracts/account/data-export';
import { DATA_LINK_EXPIRY_DAYS } from '@baletrack/contracts/constants';
import { messages } from '@baletrack/contracts/errors/messages';
import type { Database } from '@baletrack/db/database';
import type { Kysely } from 'kysely';
import type { AppContext, Principal } from '../../app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import { insertOutboxMail } from '../../lib/mail/outbox.repository.ts';
import { assertMay } from '../../lib/roles.ts';
import { findOrganization } from '../users/users.repository.ts';
import { dataExportMail } from './data-export-mail.ts';
import { buildExportZip } from './data-export-zip.ts';
import {
  type DataExportRow,
  type ExportClaim,
  failExport,
  findDownload,
  findLatestExport,
  findUnfinishedExport,
  finishExport,
  insertExport,
  lockOrganizationExports,
  renewLease,
} from './data-exports.repository.ts';

const DAY_MS = 86_400_000;
/** How long a builder's claim lasts without news: one that died leaves its export to another. */
export const EXPORT_LEASE_MS = 5 * 60_000;
/** The wait before a failed export's second attempt; it doubles for each one after. */
export const EXPORT_RETRY_MS = 60_000;
/** Attempts before an export is 'failed' for good. */
export const EXPORT_MAX_ATTEMPTS = 3;
/** The public download's path under the data API; the token follows. */
export const DATA_EXPORT_LINK_PATH = '/data-api/public/data-exports/';

/** Thrown by a build that lost its claim: someone else has the export now. */
export class ExportClaimLost extends Error {
  override readonly name = 'ExportClaimLost';
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The owner's (or a SuperAdmin acting for the organization), never a sub-user's. */
export function requireAccountDataAccess(principal: Principal): void {
  assertMay(principal, 'accountData');
}

/** What the screen shows of an export. */
export function toDataExport(row: DataExportRow): DataExport {
  return {
    id: row.id,
    status: row.status,
    progress: row.progress,
    email: row.email,
    requestedAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    expiresAt: row.status === 'ready' ? row.expiresAt.toISOString() : null,
    sizeBytes: row.sizeBytes === null ? null : Number(row.sizeBytes),
  };
}

/** A new export's row: its file name, and a token hash no token hashes to until it is ready. */
async function newExport(
  ctx: AppContext,
  principal: Principal,
  leaseUntil?: Date,
  db: Kysely<Database> = ctx.db,
) {
  const organization = await findOrganization(db, principal.orgId);
  if (!organization) throw new AppError('NOT_FOUND', 'This organization does not exist.');
  const id = randomUUID();
  const now = ctx.now();
  const day = now.toISOString().slice(0, 10);
  const slug = organization.name.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'farm';
  return insertExport(db, {
    id,
    orgId: principal.orgId,
    orgName: organization.name,
    requestedBy: principal.userId,
    email: principal.email,
    tokenHash: `unissued:${id}`,
    filename: `${slug}-data-${day}.zip`,
    createdAt: now,
    // A request nobody builds is purged with the expired files.
    expiresAt: new Date(now.getTime() + DATA_LINK_EXPIRY_DAYS * DAY_MS),
    leaseUntil,
  });
}

/**
 * POST /reports/email-user-data: queues an export of all the organization's data for the
 * background builder, or answers the one already under way.
 */
export async function requestDataExport(
  ctx: AppContext,
  principal: Principal,
): Promise<DataExport> {
  requireAccountDataAccess(principal);
  const row = await ctx.db.transaction().execute(async (trx) => {
    await lockOrganizationExports(trx, principal.orgId);
    const under = await findUnfinishedExport(trx, principal.orgId);
    return under ?? (await newExport(ctx, principal, undefined, trx));
  });
  return toDataExport(row);
}

/** GET /reports/email-user-data: the organization's latest export and its progress. */
export async function latestDataExport(
  ctx: AppContext,
  principal: Principal,
): Promise<DataExport | null> {
  requireAccountDataAccess(principal);
  const row = await findLatestExport(ctx.db, principal.orgId);
  return row ? toDataExport(row) : null;
}

/**
 * Builds a claimed export's ZIP, then in one transaction stores it under a fresh link token's
 * hash and queues the mail with the link: a ready export has always been mailed. Throws
 * `ExportClaimLost` when another builder took the export over; `shouldStop` ends the build early
 * the same way.
 */
export async function buildClaimedExport(
  ctx: AppContext,
  row: DataExportRow,
  shouldStop: () => boolean = () => false,
): Promise<{ expiresAt: Date }> {
  const claim: ExportClaim = { id: row.id, attempts: row.attempts };
  if (!row.orgId) throw new Error('The organization of this export was deleted.');
  const content = await buildExportZip(ctx, row.orgId, async (fraction) => {
    if (shouldStop()) throw new ExportClaimLost('The builder is stopping.');
    const leaseUntil = new Date(ctx.now().getTime() + EXPORT_LEASE_MS);
    if (!(await renewLease(ctx.db, claim, Math.floor(fraction * 99), leaseUntil))) {
      throw new ExportClaimLost('Another builder took this export over.');
    }
  });
  const token = randomBytes(32).toString('base64url');
  const finishedAt = ctx.now();
  const expiresAt = new Date(finishedAt.getTime() + DATA_LINK_EXPIRY_DAYS * DAY_MS);
  await ctx.db.transaction().execute(async (trx) => {
    const finished = await finishExport(trx, claim, {
      content,
      tokenHash: hashToken(token),
      finishedAt,
      expiresAt,
    });
    if (!finished) throw new ExportClaimLost('Another builder took this export over.');
    await insertOutboxMail(
      trx,
      dataExportMail({
        to: row.email,
        organizationName: row.orgName,
        link: `${ctx.config.publicUrl}${DATA_EXPORT_LINK_PATH}${token}`,
        expiresAt,
        sizeBytes: content.byteLength,
      }),
      ctx.mailer.kind === 'smtp' ? 'pending' : 'kept',
      finishedAt,
    );
  });
  return { expiresAt };
}

/** Records a failed build: tried again after a backoff, or 'failed' after the last attempt. */
export async function recordExportFailure(
  ctx: AppContext,
  row: DataExportRow,
  error: unknown,
  final = row.attempts >= EXPORT_MAX_ATTEMPTS,
): Promise<void> {
  const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
  const at = ctx.now();
  // 1, then 2 minutes before the next attempts.
  const retryAt = new Date(at.getTime() + EXPORT_RETRY_MS * 2 ** (row.attempts - 1));
  await failExport(ctx.db, row, { final, error: message, at, retryAt });
}

/**
 * Builds an export now, in the caller's request (account deletion: the export must be mailed
 * before anything is deleted). The row is claimed from the start, so no worker takes it.
 */
export async function exportNow(
  ctx: AppContext,
  principal: Principal,
): Promise<{ exportId: string; email: string; expiresAt: Date }> {
  const leaseUntil = new Date(ctx.now().getTime() + EXPORT_LEASE_MS);
  const row = await newExport(ctx, principal, leaseUntil);
  try {
    const { expiresAt } = await buildClaimedExport(ctx, row);
    return { exportId: row.id, email: row.email, expiresAt };
  } catch (error) {
    await recordExportFailure(ctx, row, error, true).catch(() => {});
    throw error;
  }
}

/** The public link's file: any organization's (or a deleted one's) while it has not expired. */
export async function downloadDataExport(ctx: AppContext, token: string) {
  const notFound = () => new AppError('NOT_FOUND', messages.dataExport.linkInvalid);
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) throw notFound();
  const file = await findDownload(ctx.db, hashToken(token), ctx.now());
  if (!file?.content) throw notFound();
  return { filename: file.filename, content: Buffer.from(file.content) };
}
