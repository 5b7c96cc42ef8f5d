import { formatNumber } from '@/lib/format';

/**
 * A change against the year before as Yield per Field writes it: '+10.1 %', '−16.7 %', or a
 * dash without a year before to compare with.
 * @example yieldChange(-16.66) // '−16.7 %'
 */
export function yieldChange(percent: number | null): string {
  if (percent === null) return '—';
  const sign = percent > 0 ? '+' : percent < 0 ? '−' : '';
  return `${sign}${formatNumber(Math.abs(percent), 1)} %`;
}
