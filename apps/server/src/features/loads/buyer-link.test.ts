import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buyerLinkOrganization, buyerLinkToken } from './buyer-link.ts';

describe('a buyer link token', () => {
  it('names its organization and carries 24 random bytes', () => {
    const orgId = randomUUID();
    const token = buyerLinkToken(orgId, randomBytes(24));
    expect(token).toHaveLength(54);
    expect(buyerLinkOrganization(token)).toBe(orgId);
    expect(buyerLinkToken(orgId, randomBytes(24))).not.toBe(token);
  });

  it('is refused in any other shape', () => {
    const token = buyerLinkToken(randomUUID(), randomBytes(24));
    for (const bad of [
      '',
      token.slice(1),
      `${token}A`,
      `${token.slice(0, 53)}.`,
      `${token.slice(0, 53)}\u0000`,
      '../../etc/passwd',
      'A'.repeat(10_000),
    ]) {
      expect(buyerLinkOrganization(bad), JSON.stringify(bad.slice(0, 60))).toBeUndefined();
    }
  });
});
