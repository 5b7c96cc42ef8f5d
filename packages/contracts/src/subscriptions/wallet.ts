import { z } from 'zod';
import { messages } from '../errors/messages.ts';
import { monthSchema } from './subscription.ts';

const dateTime = z.iso.datetime({ offset: true });

/** Most credits a SuperAdmin grants at once. */
export const GRANT_MAX_CREDITS = 10_000;
export const GRANT_NOTE_MAX_LENGTH = 200;

/**
 * What moved credits in or out of the wallet: purchase (Stripe checkout), grant (a SuperAdmin),
 * refund (a scheduled month taken back or its baler removed) put credits in; apply (the owner
 * chose a month) and renewal (auto-renew at a month's start) take one out.
 */
export const ledgerEntryKinds = ['purchase', 'grant', 'apply', 'refund', 'renewal'] as const;
export type LedgerEntryKind = (typeof ledgerEntryKinds)[number];

/** Kinds that add credits; the others spend them. */
export const creditingKinds: readonly LedgerEntryKind[] = ['purchase', 'grant', 'refund'];

/** One ledger entry; the wallet's balance is the sum of all entries' credits. */
export const ledgerEntrySchema = z
  .object({
    kind: z.enum(ledgerEntryKinds),
    /** Signed: positive for purchase, grant and refund; negative for apply and renewal. */
    credits: z.number().int(),
    /** The baler of an apply, refund or renewal; null for purchases and grants. */
    balerId: z.uuid().nullable(),
    /** The baler's name as it is now; null when the baler was removed or there is none. */
    balerName: z.string().nullable(),
    /** The month ('YYYY-MM') an apply, refund or renewal concerns. */
    month: monthSchema.nullable(),
    /** Who did it; null for what the server does by itself (renewals). */
    actorEmail: z.string().nullable(),
    /** A grant's note, or what the server records about an entry. */
    note: z.string().nullable(),
    createdAt: dateTime,
  })
  .refine(
    (entry) => (creditingKinds.includes(entry.kind) ? entry.credits > 0 : entry.credits < 0),
    { error: 'credits must be positive for purchase, grant and refund, negative otherwise' },
  );
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

/** GET /subscriptions/wallet: the organization's balance and its newest ledger entries first. */
export const walletSchema = z.object({
  balance: z.number().int().min(0),
  entries: z.array(ledgerEntrySchema),
});
export type Wallet = z.infer<typeof walletSchema>;

/** A SuperAdmin's grant of credits to an organization (its id is in the path). */
export const grantCreditsRequestSchema = z.object({
  credits: z
    .number({ error: messages.subscriptions.grantCreditsInvalid })
    .int(messages.subscriptions.grantCreditsInvalid)
    .min(1, messages.subscriptions.grantCreditsInvalid)
    .max(GRANT_MAX_CREDITS, messages.subscriptions.grantCreditsInvalid),
  note: z
    .string()
    .trim()
    .max(GRANT_NOTE_MAX_LENGTH, messages.subscriptions.grantNoteTooLong)
    .default(''),
});
export type GrantCreditsRequest = z.infer<typeof grantCreditsRequestSchema>;
