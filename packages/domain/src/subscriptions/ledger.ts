// The wallet (product: "Subscriptions and credits"): credits never expire and belong to the
// organization, not to a baler, so the balance is nothing but the sum of its ledger (summed by
// the database: credit-ledger.repository.ts).

import { creditingKinds, type LedgerEntryKind } from '@baletrack/contracts/subscriptions/wallet';

/**
 * The signed credits of a ledger entry of `kind` moving `count` credits: positive for what adds
 * credits (purchase, grant, refund), negative for what spends them (apply, renewal).
 * @example ledgerCredits('purchase', 12) // 12
 * @example ledgerCredits('renewal') // -1
 */
export function ledgerCredits(kind: LedgerEntryKind, count = 1): number {
  if (!Number.isInteger(count) || count < 1) throw new RangeError(`Not a credit count: ${count}`);
  return creditingKinds.includes(kind) ? count : -count;
}
