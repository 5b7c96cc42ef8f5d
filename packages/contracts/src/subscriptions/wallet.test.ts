import { describe, expect, it } from 'vitest';
import { messages } from '../errors/messages.ts';
import { issuesOf, messagesAt } from '../testing/issues-of.ts';
import { grantCreditsRequestSchema, ledgerEntryKinds, walletSchema } from './wallet.ts';

const entry = {
  kind: 'apply',
  credits: -1,
  balerId: '0b9a4c4e-3f7e-4a52-9d43-0c6a1f2b3c4d',
  balerName: 'Big square',
  month: '2026-06',
  actorEmail: 'owner@farm.example',
  note: null,
  createdAt: '2026-05-10T12:00:00Z',
};

describe('walletSchema', () => {
  it('parses a balance with its ledger entries', () => {
    const purchase = {
      ...entry,
      kind: 'purchase',
      credits: 12,
      balerId: null,
      balerName: null,
      month: null,
    };
    const wallet = { balance: 11, entries: [entry, purchase] };
    expect(walletSchema.parse(wallet)).toEqual(wallet);
    expect(ledgerEntryKinds).toEqual(['purchase', 'grant', 'apply', 'refund', 'renewal']);
  });

  it('checks the sign of an entry against its kind', () => {
    const wrongSign = (kind: string, credits: number) =>
      !walletSchema.safeParse({ balance: 0, entries: [{ ...entry, kind, credits }] }).success;
    expect(wrongSign('apply', 1)).toBe(true);
    expect(wrongSign('renewal', 1)).toBe(true);
    expect(wrongSign('refund', -1)).toBe(true);
    expect(wrongSign('grant', 0)).toBe(true);
    expect(wrongSign('refund', 1)).toBe(false);
  });

  it('never shows a negative balance', () => {
    expect(walletSchema.safeParse({ balance: -1, entries: [] }).success).toBe(false);
  });
});

describe('grantCreditsRequestSchema', () => {
  it('grants 1 to 10,000 whole credits with an optional note', () => {
    expect(grantCreditsRequestSchema.parse({ credits: 10_000, note: ' Trade show ' })).toEqual({
      credits: 10_000,
      note: 'Trade show',
    });
    expect(grantCreditsRequestSchema.parse({ credits: 1 })).toEqual({ credits: 1, note: '' });
    for (const credits of [0, 10_001, 2.5, '5', undefined]) {
      expect(
        messagesAt(grantCreditsRequestSchema, { credits }, 'credits'),
        String(credits),
      ).toEqual([messages.subscriptions.grantCreditsInvalid]);
    }
  });

  it('keeps the note to 200 characters', () => {
    expect(
      grantCreditsRequestSchema.parse({ credits: 1, note: 'x'.repeat(200) }).note,
    ).toHaveLength(200);
    expect(issuesOf(grantCreditsRequestSchema, { credits: 1, note: 'x'.repeat(201) })).toEqual([
      { path: 'note', message: messages.subscriptions.grantNoteTooLong },
    ]);
  });
});
