import type { Database } from '@baletrack/db/database';
import type { Kysely } from 'kysely';

/** The newest mail in the local outbox, newest first. */
export function listOutbox(db: Kysely<Database>, limit: number) {
  return db.selectFrom('outbox').selectAll().orderBy('id', 'desc').limit(limit).execute();
}
