import { describe, expect, it } from 'vitest';
import { acmVerdict, describeExpiry } from './baler-dates.ts';

describe('describeExpiry', () => {
  const now = new Date('2026-11-21T10:00:00Z');

  it('shows the UTC day of a future expiry', () => {
    expect(describeExpiry('2027-12-31T23:59:59Z', now, 'None')).toEqual({
      text: 'Until 12/31/2027',
      expired: false,
    });
  });

  it('says when an expiry has passed', () => {
    expect(describeExpiry('2026-02-28T23:59:59.000Z', now, 'None')).toEqual({
      text: 'Expired 2/28/2026',
      expired: true,
    });
  });

  it('keeps the UTC day whatever the offset the date-time is written in', () => {
    expect(describeExpiry('2026-12-31T20:00:00-05:00', now, 'None').text).toBe('Until 1/1/2027');
  });

  it('names the missing date', () => {
    expect(describeExpiry(null, now, 'No subscription')).toEqual({
      text: 'No subscription',
      expired: false,
    });
  });
});

describe('acmVerdict', () => {
  const now = new Date('2026-11-21T10:00:00Z');
  const vin = 'BT34LSX7R2H104901';

  it('names the VIN, its ACM status and when the ACM runs out', () => {
    expect(acmVerdict({ vin, acmStatus: 'Active', acmExpiry: '2027-12-31T23:59:59Z' }, now)).toBe(
      'The connectivity provider knows BT34LSX7R2H104901: ACM Active, until 12/31/2027. ' +
        'It can be registered.',
    );
    expect(acmVerdict({ vin, acmStatus: 'Expired', acmExpiry: '2026-01-31T23:59:59Z' }, now)).toBe(
      'The connectivity provider knows BT34LSX7R2H104901: ACM Expired, expired 1/31/2026. ' +
        'It can be registered.',
    );
    expect(acmVerdict({ vin, acmStatus: 'Active', acmExpiry: null }, now)).toContain(
      'ACM Active, no expiry date given.',
    );
  });

  it('says plainly when no provider checked the VIN', () => {
    expect(acmVerdict({ vin, acmStatus: 'NotChecked', acmExpiry: null }, now)).toBe(
      'BT34LSX7R2H104901 is a well-formed VIN. No connectivity provider checks it on this ' +
        'server. It can be registered.',
    );
  });
});
