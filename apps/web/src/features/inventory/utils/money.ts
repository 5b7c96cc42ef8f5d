import type { PriceUnit } from '@baletrack/contracts/inventory/inventory';

/** The ton a price is per, as growers say it (docs/product.md#beyond-the-spec-quality-and-value). */
export const priceUnitLabel: Record<PriceUnit, string> = {
  shortTon: 'ton',
  longTon: 'long ton',
  tonne: 'tonne',
};

/** A sum of money in the organization's currency: '1,234.50'; '—' when nothing is priced. */
export function formatMoney(value: number | null): string {
  if (value === null) return '—';
  return value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}
