import type { Bale } from '@baletrack/contracts/bales/bale';
import { formatLongDate } from '@/lib/format';

export type NamedBale = Pick<Bale, 'uid' | 'tagSerialNumber' | 'creationTime' | 'fieldUIDs'>;

/** What a person reads for a bale: a name, then where and when it was made. */
export interface BaleName {
  name: string;
  /** Field (when known) and the time it was made, '·'-separated. */
  detail: string;
}

/**
 * A bale named as people know it: by its tag serial, then by its field and the time it was
 * made; never by its uid, which no one reads off a bale.
 *
 * @example baleName({ tagSerialNumber: 'A0042', ... }, names).name // 'Bale A0042'
 */
export function baleName(
  bale: NamedBale,
  fieldName: (fieldId: string) => string | undefined = () => undefined,
): BaleName {
  const field = bale.fieldUIDs.map(fieldName).find((name) => name !== undefined);
  const made = formatLongDate(bale.creationTime);
  if (bale.tagSerialNumber) {
    return {
      name: `Bale ${bale.tagSerialNumber}`,
      detail: [field, made].filter(Boolean).join(' · '),
    };
  }
  return { name: field ? `Untagged bale in ${field}` : 'Untagged bale', detail: made };
}

/** Oldest first, as bales were made (then by uid, so the order is stable). */
export function byCreationTime(a: NamedBale, b: NamedBale): number {
  return a.creationTime.localeCompare(b.creationTime) || a.uid.localeCompare(b.uid);
}
