import { describe, expect, it } from 'vitest';
import { type FamilyCheck, TOKEN_CHECK_TTL_MS, TokenChecks } from './token-checks.ts';

function family(familyId: string, userId: string): FamilyCheck {
  return {
    familyId,
    userId,
    revokedAt: null,
    orgId: 'org-1',
    email: `${userId}@example.com`,
    name: userId,
    groups: ['Owners'],
    enabled: true,
    status: 'CONFIRMED',
  } as FamilyCheck;
}

function withClock() {
  let now = 1_000_000;
  const checks = new TokenChecks(() => now);
  return { checks, advance: (ms: number) => (now += ms) };
}

describe('token checks', () => {
  it('remembers an honoured family for the TTL, then asks again', () => {
    const { checks, advance } = withClock();
    const check = family('f1', 'u1');
    checks.remember(check, checks.readStarts());
    advance(TOKEN_CHECK_TTL_MS - 1);
    expect(checks.get('f1')).toBe(check);
    advance(1);
    expect(checks.get('f1')).toBeUndefined();
  });

  it('forgets at once what a write touched: the family, or every family of the user', () => {
    const { checks } = withClock();
    for (const [f, u] of [
      ['f1', 'u1'],
      ['f2', 'u1'],
      ['f3', 'u2'],
    ] as const) {
      checks.remember(family(f, u), checks.readStarts());
    }
    checks.forgetFamily('f3');
    expect(checks.get('f3')).toBeUndefined();
    expect(checks.get('f1')).toBeDefined();
    checks.forgetUser('u1');
    expect(checks.get('f1')).toBeUndefined();
    expect(checks.get('f2')).toBeUndefined();
  });

  it('does not take back a read that raced a write, nor any read within the TTL after it', () => {
    const { checks, advance } = withClock();
    // Read began, then the user was disabled (say in a transaction not committed yet).
    const readAt = checks.readStarts();
    advance(1);
    checks.forgetUser('u1');
    checks.remember(family('f1', 'u1'), readAt);
    expect(checks.get('f1')).toBeUndefined();
    advance(TOKEN_CHECK_TTL_MS - 2);
    checks.remember(family('f1', 'u1'), checks.readStarts());
    expect(checks.get('f1')).toBeUndefined();
    checks.forgetFamily('f2');
    checks.remember(family('f2', 'u2'), checks.readStarts());
    expect(checks.get('f2')).toBeUndefined();
    // Long after the write, reads are remembered again; other users were never held back.
    advance(2);
    checks.remember(family('f1', 'u1'), checks.readStarts());
    expect(checks.get('f1')).toBeDefined();
  });

  it('forgets everything after a write that reaches many users', () => {
    const { checks, advance } = withClock();
    checks.remember(family('f1', 'u1'), checks.readStarts());
    checks.forgetAll();
    expect(checks.get('f1')).toBeUndefined();
    checks.remember(family('f1', 'u1'), checks.readStarts());
    expect(checks.get('f1')).toBeUndefined();
    advance(TOKEN_CHECK_TTL_MS);
    checks.remember(family('f1', 'u1'), checks.readStarts());
    expect(checks.get('f1')).toBeDefined();
  });

  it('shares a check in flight, but not with a request after a sign-out or a user change', async () => {
    const { checks } = withClock();
    let reads = 0;
    const load = (answer: FamilyCheck) => () => {
      reads += 1;
      return new Promise<FamilyCheck>((resolve) => setTimeout(() => resolve(answer), 5));
    };
    const honoured = family('f1', 'u1');
    const [a, b] = [checks.read('f1', load(honoured)), checks.read('f1', load(honoured))];
    expect(await a).toBe(await b);
    expect(reads).toBe(1);
    // Signed out while a check is in flight: the next request reads the family again.
    const revoked = { ...honoured, revokedAt: new Date() } as FamilyCheck;
    const racing = checks.read('f1', load(honoured));
    checks.forgetFamily('f1');
    expect(await checks.read('f1', load(revoked))).toBe(revoked);
    await racing;
    // A user disabled: which family a check in flight is for is not known yet, so none is joined.
    const before = checks.read('f2', load(family('f2', 'u2')));
    checks.forgetUser('u2');
    const disabled = { ...family('f2', 'u2'), enabled: false } as FamilyCheck;
    expect(await checks.read('f2', load(disabled))).toBe(disabled);
    await before;
    expect(reads).toBe(5);
  });
});
