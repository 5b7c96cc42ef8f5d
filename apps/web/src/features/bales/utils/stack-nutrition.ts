import type { Bale } from '@baletrack/contracts/bales/bale';

type Nutrients = Pick<Bale, 'protein' | 'adf' | 'ndf' | 'sugar' | 'ash'>;

// The nutrition values a stack shows when the organization reads them instead of RFV
// (docs/product.md#settings-and-units); sugar is called NFC on screen.
const rows: { label: string; key: keyof Nutrients }[] = [
  { label: 'Average protein', key: 'protein' },
  { label: 'Average ADF', key: 'adf' },
  { label: 'Average NDF', key: 'ndf' },
  { label: 'Average NFC', key: 'sugar' },
  { label: 'Average ash', key: 'ash' },
];

/**
 * The stack's average of each nutrition value over the bales that reported it (null when none
 * did).
 *
 * @example stackNutrition([{ protein: 18, ... }, { protein: 20, ... }])[0] // { label: 'Average protein', value: 19 }
 */
export function stackNutrition(bales: Nutrients[]): { label: string; value: number | null }[] {
  return rows.map(({ label, key }) => {
    const values = bales.map((bale) => bale[key]).filter((v): v is number => v !== null);
    const value = values.length ? values.reduce((a, b) => a + b, 0) / values.length : null;
    return { label, value };
  });
}
