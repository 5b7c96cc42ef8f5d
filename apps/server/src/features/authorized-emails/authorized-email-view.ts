import type { AuthorizedEmailEntry } from '@baletrack/contracts/balers/authorized-email';
import type { AuthorizedEmailStatus } from '@baletrack/contracts/balers/baler';
import type { AppContext } from '../../app-context.ts';
import {
  type AuthorizedEmailRow,
  findLiveAuthorizedEmail,
} from './authorized-emails.repository.ts';

/** Pending until confirmed; Expired is a Pending one whose confirmation lapsed by `now`. */
export function statusAt(row: AuthorizedEmailRow, now: Date): AuthorizedEmailStatus {
  if (row.status === 'Pending' && row.confirmBy && row.confirmBy <= now) return 'Expired';
  return row.status;
}

export function toEntry(row: AuthorizedEmailRow, now: Date): AuthorizedEmailEntry {
  return {
    email: row.email,
    status: statusAt(row, now),
    addedAt: row.createdAt.toISOString(),
    confirmBy: row.confirmBy?.toISOString() ?? null,
    confirmedAt: row.confirmedAt?.toISOString() ?? null,
    deletedAt: row.deletedAt?.toISOString() ?? null,
  };
}

/**
 * The organization's live entry for the email a baler's ACM subscription runs under, as the
 * baler's `authorizedEmails` (empty when the ACM runs under the account's own email).
 */
export async function authorizedEmailsNamed(
  db: AppContext['db'],
  orgId: string,
  acmEmail: string,
  now: Date,
): Promise<{ email: string; status: AuthorizedEmailStatus }[]> {
  const row = await findLiveAuthorizedEmail(db, orgId, acmEmail.toLowerCase());
  return row ? [{ email: row.email, status: statusAt(row, now) }] : [];
}
