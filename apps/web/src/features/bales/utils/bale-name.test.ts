import { describe, expect, it } from 'vitest';
import { baleName, byCreationTime, type NamedBale } from '@/features/bales/utils/bale-name';

const bale = (over: Partial<NamedBale>): NamedBale => ({
  uid: '7f1c9a2e-uuid',
  tagSerialNumber: 'A0042',
  creationTime: '2025-06-14T19:31:05Z',
  fieldUIDs: ['f1'],
  ...over,
});
const names = (id: string) => ({ f1: 'Home Pivot' })[id];

describe('baleName', () => {
  it('names a bale by its tag serial, then its field and the time it was made', () => {
    const named = baleName(bale({}), names);
    expect(named.name).toBe('Bale A0042');
    expect(named.detail).toMatch(/^Home Pivot · 06\/14\/2025, \d\d:31:05 [AP]M$/);
    expect(`${named.name} ${named.detail}`).not.toContain('uuid');
  });

  it('names an untagged bale by its field and time, never by its uid', () => {
    const named = baleName(bale({ tagSerialNumber: null }), names);
    expect(named.name).toBe('Untagged bale in Home Pivot');
    expect(named.detail).toMatch(/^06\/14\/2025/);
    expect(baleName(bale({ tagSerialNumber: null, fieldUIDs: [] })).name).toBe('Untagged bale');
  });
});

describe('byCreationTime', () => {
  it('orders bales as they were made', () => {
    const later = bale({ uid: 'a', creationTime: '2025-06-15T08:00:00Z' });
    const earlier = bale({ uid: 'b', creationTime: '2025-06-14T08:00:00Z' });
    expect([later, earlier].sort(byCreationTime).map((b) => b.uid)).toEqual(['b', 'a']);
  });
});
