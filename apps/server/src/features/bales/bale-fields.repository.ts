import type { Database } from '@baletrack/db/database';
import type { LonLatBox } from '@baletrack/domain/geo/boundary-box';
import type { Transaction } from 'kysely';
import { inAnyBox } from './bales.repository.ts';

// Uids a statement: well below PostgreSQL's 65,535 parameters.
const UIDS_PER_STATEMENT = 5_000;

/**
 * The organization's bales made inside any of the boxes (by creation location), with their
 * current fieldUIDs: the only bales a field's change can move in or out of fields.
 */
export function listBalesCreatedInBoxes(
  trx: Transaction<Database>,
  orgId: string,
  boxes: LonLatBox[],
) {
  return trx
    .selectFrom('bales')
    .select(['uid', 'creationLat', 'creationLon', 'fieldUids'])
    .where('orgId', '=', orgId)
    .where((eb) => inAnyBox(eb, 'creation', boxes))
    .execute();
}

/**
 * Gives bales new fieldUIDs, stamped with the bale version so every cached copy reloads them.
 * `changes` maps a sorted fieldUIDs list (joined by ',') to the uids getting it: bales of one
 * field change together, so this is a handful of statements.
 */
export async function setBaleFields(
  trx: Transaction<Database>,
  orgId: string,
  changes: Map<string, string[]>,
  stamp: { version: number; changedAt: Date },
): Promise<void> {
  for (const [key, uids] of changes) {
    const fieldUids = key === '' ? [] : key.split(',');
    for (let start = 0; start < uids.length; start += UIDS_PER_STATEMENT) {
      await trx
        .updateTable('bales')
        .set({ fieldUids, version: stamp.version, changedAt: stamp.changedAt })
        .where('orgId', '=', orgId)
        .where('uid', 'in', uids.slice(start, start + UIDS_PER_STATEMENT))
        .execute();
    }
  }
}
