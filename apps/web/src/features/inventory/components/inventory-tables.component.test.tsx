import type { PricesResponse } from '@baletrack/contracts/inventory/inventory';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { inventoryKeys } from '@/features/inventory/api/inventory-keys';
import { PriceEditor } from '@/features/inventory/components/price-editor';
import { ValueTable } from '@/features/inventory/components/value-table';
import { displayUnits } from '@/lib/display-units';
import { renderWithProviders } from '@/testing/render-with-providers';

// On a phone the Inventory tables scroll sideways in their own box; the keyboard reaches that
// box only when it is focusable, and a screen reader announces it by name.

describe('Inventory tables', () => {
  it('lets the keyboard reach a value table that scrolls sideways', () => {
    renderWithProviders(
      <ValueTable
        title="By grade"
        heading="Grade"
        units={displayUnits('MetricSI')}
        rows={[
          {
            key: 'ungraded',
            name: 'Ungraded',
            baleCount: 3,
            weightKg: 1500,
            value: null,
            unpricedCount: 3,
          },
        ]}
      />,
    );
    const region = screen.getByRole('region', { name: 'By grade table' });
    expect(region.getAttribute('tabindex')).toBe('0');
    expect(region.querySelector('table')).toBeTruthy();
  });

  it('lets the keyboard reach the price history', () => {
    const prices: PricesResponse = { unit: 'tonne', prices: [] };
    renderWithProviders(<PriceEditor canSet={false} />, {
      queryData: [[inventoryKeys.prices(), prices]],
    });
    const region = screen.getByRole('region', { name: 'Price history table' });
    expect(region.getAttribute('tabindex')).toBe('0');
    expect(region.querySelector('table')).toBeTruthy();
  });
});
