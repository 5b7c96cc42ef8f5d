import type { LedgerEntryKind } from '@baletrack/contracts/subscriptions/wallet';
import type { Database, Db } from '@baletrack/db/database';
import { ledgerCredits } from '@baletrack/domain/subscriptions/ledger';
import { sql, type Transaction } from 'kysely';
import { lockOrganization } from '../users/users.repository.ts';

export interface NewLedgerEntry {
  kind: LedgerEntryKind;
  /** How many credits move (1 by default); the kind decides the sign (`ledgerCredits`). */
  count?: number;
  balerId?: string;
  /** First day of the month, 'YYYY-MM-01'. */
  month?: string;
  actorUserId?: string;
  actorEmail?: string;
  note?: string;
  stripeSessionId?: string;
}

/**
 * Holds the organization's wallet until the transaction ends: whoever reads the balance after
 * this and writes entries before committing cannot be raced below zero by a concurrent spender.
 * @example await db.transaction().execute(async (trx) => { await lockWallet(trx, orgId); … });
 */
export async function lockWallet(trx: Transaction<Database>, orgId: string): Promise<void> {
  await lockOrganization(trx, orgId);
}

/** The wallet's balance: the sum of its ledger (0 without entries). */
export async function ledgerBalance(db: Db, orgId: string): Promise<number> {
  const row = await db
    .selectFrom('creditLedger')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('credits'), sql<number>`0`).as('balance'))
    .where('orgId', '=', orgId)
    .executeTakeFirstOrThrow();
  return Number(row.balance);
}

/** Adds entries to the ledger (inside the transaction that holds `lockWallet`). */
export async function addLedgerEntries(
  db: Db,
  orgId: string,
  entries: NewLedgerEntry[],
): Promise<void> {
  if (entries.length === 0) return;
  await db
    .insertInto('creditLedger')
    .values(
      entries.map((entry) => ({
        orgId,
        kind: entry.kind,
        credits: ledgerCredits(entry.kind, entry.count),
        balerId: entry.balerId ?? null,
        month: entry.month ?? null,
        actorUserId: entry.actorUserId ?? null,
        actorEmail: entry.actorEmail ?? null,
        note: entry.note ?? null,
        stripeSessionId: entry.stripeSessionId ?? null,
      })),
    )
    .execute();
}

/** The newest entries first, with the baler's current name (null once it was removed). */
export async function listLedgerEntries(db: Db, orgId: string, limit: number) {
  return db
    .selectFrom('creditLedger as l')
    .leftJoin('balers as b', (join) =>
      join
        .onRef('b.orgId', '=', 'l.orgId')
        .onRef('b.id', '=', 'l.balerId')
        .on('b.deletedAt', 'is', null),
    )
    .select([
      'l.kind',
      'l.credits',
      'l.balerId',
      'b.name as balerName',
      sql<string | null>`to_char(l.month, 'YYYY-MM')`.as('month'),
      'l.actorEmail',
      'l.note',
      'l.createdAt',
    ])
    .where('l.orgId', '=', orgId)
    .orderBy('l.id', 'desc')
    .limit(limit)
    .execute();
}
