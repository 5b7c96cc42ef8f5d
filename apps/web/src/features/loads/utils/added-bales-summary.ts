import type { AddLoadBalesResponse } from '@baletrack/contracts/loads/loads';
import { formatCount, formatNumber } from '@/lib/format';

/** Tags named in full; past these, the rest are counted. */
const NOT_FOUND_SHOWN = 20;

export interface AddedBalesSummary {
  /** 'Added 12 bales'. */
  headline: string;
  /** What was left out and why, one line a reason; empty when nothing was. */
  leftOut: string[];
}

/**
 * What adding bales to a load did, in words: how many were added, then the bales left out and why
 * (already in this load, loaded out, in another load, not found).
 * @example addedBalesSummary({ added: 2, alreadyHere: 1, loadedOut: 0, inOtherLoads: [], notFound: [] })
 * // { headline: 'Added 2 bales', leftOut: ['1 bale already in this load'] }
 */
export function addedBalesSummary(result: AddLoadBalesResponse): AddedBalesSummary {
  const leftOut: string[] = [];
  if (result.alreadyHere > 0) {
    leftOut.push(`${formatCount(result.alreadyHere, 'bale', 'bales')} already in this load`);
  }
  if (result.loadedOut > 0) {
    leftOut.push(`${formatCount(result.loadedOut, 'bale', 'bales')} already loaded out`);
  }
  for (const other of result.inOtherLoads) {
    leftOut.push(`In another load "${other.name}" (${formatNumber(other.count)})`);
  }
  if (result.notFound.length > 0) {
    const shown = result.notFound.slice(0, NOT_FOUND_SHOWN).join(', ');
    const more = result.notFound.length - NOT_FOUND_SHOWN;
    leftOut.push(`Not found: ${shown}${more > 0 ? ` and ${formatNumber(more)} more` : ''}`);
  }
  return { headline: `Added ${formatCount(result.added, 'bale', 'bales')}`, leftOut };
}
