import type { AcmStatus } from '@baletrack/contracts/balers/baler';
import { formatShortDay } from '@/lib/format';

export interface ExpiryText {
  text: string;
  /** The date has passed: shown as a warning. */
  expired: boolean;
}

/**
 * An expiry date-time as the balers list shows it: its UTC day (expiries are the last second of
 * a UTC day), 'Expired …' once passed, and `none` when there is no date.
 * @example describeExpiry('2027-12-31T23:59:59Z', now, 'None') // { text: '12/31/2027', expired: false }
 */
export function describeExpiry(iso: string | null, now: Date, none: string): ExpiryText {
  if (iso === null) return { text: none, expired: false };
  const day = formatShortDay(new Date(iso).toISOString().slice(0, 10));
  const expired = new Date(iso).getTime() < now.getTime();
  return { text: expired ? `Expired ${day}` : `Until ${day}`, expired };
}

/** Badge colours of the connectivity module's status: only a live ACM reports bales. */
export const acmStatusColours: Record<AcmStatus, string> = {
  Active: 'green',
  Expired: 'red',
  Unknown: 'gray',
  NotChecked: 'gray',
};

/** The status badge's words: 'NotChecked' reads as what it means. */
export function acmStatusLabel(status: AcmStatus): string {
  return status === 'NotChecked' ? 'ACM not checked' : `ACM ${status}`;
}

/**
 * The connectivity provider's verdict on a VIN the owner may register, in a sentence.
 * @example acmVerdict({ vin, acmStatus: 'Active', acmExpiry: null }, now)
 * // 'The connectivity provider knows BT34…: ACM Active, no expiry date given. It can be registered.'
 */
export function acmVerdict(
  validation: { vin: string; acmStatus: AcmStatus; acmExpiry: string | null },
  now: Date,
): string {
  if (validation.acmStatus === 'NotChecked') {
    return `${validation.vin} is a well-formed VIN. No connectivity provider checks it on this server. It can be registered.`;
  }
  const expiry = describeExpiry(validation.acmExpiry, now, 'No expiry date given');
  return (
    `The connectivity provider knows ${validation.vin}: ACM ${validation.acmStatus}, ` +
    `${expiry.text.charAt(0).toLowerCase()}${expiry.text.slice(1)}. It can be registered.`
  );
}
