import type { Db } from '@baletrack/db/database';

export interface NewCheckout {
  sessionId: string;
  orgId: string;
  quantity: number;
  unitAmountCents: number;
  currency: string;
  percentOff: number | null;
  createdBy: string;
}

/** Records a Checkout Session this server opened, before the browser is sent to pay. */
export async function insertCheckout(db: Db, checkout: NewCheckout): Promise<void> {
  await db.insertInto('stripeCheckouts').values(checkout).execute();
}

/**
 * Marks an open session complete and returns it; undefined when it is unknown or was completed
 * already. The row lock makes concurrent deliveries of one event wait here, and only the first
 * finds it open: credits are added once.
 */
export async function completeCheckout(db: Db, sessionId: string, at: Date) {
  return db
    .updateTable('stripeCheckouts')
    .set({ status: 'complete', completedAt: at })
    .where('sessionId', '=', sessionId)
    .where('status', '=', 'open')
    .returning(['sessionId', 'orgId', 'quantity', 'createdBy'])
    .executeTakeFirst();
}

/** A session as recorded, to tell "already fulfilled" from "never ours". */
export async function findCheckout(db: Db, sessionId: string) {
  return db
    .selectFrom('stripeCheckouts')
    .select(['sessionId', 'orgId', 'quantity', 'status'])
    .where('sessionId', '=', sessionId)
    .executeTakeFirst();
}
