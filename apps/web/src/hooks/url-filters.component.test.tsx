import type { BaleTimeFilter } from '@baletrack/contracts/bales/bale-query';
import { screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useActiveFilter } from '@/hooks/use-active-filter';
import { useBaleTimeFilter } from '@/hooks/use-bale-time-filter';
import { renderWithProviders } from '@/testing/render-with-providers';

// The applied filter and the dates live in the address bar (docs/product.md#screens-and-routes):
// what a screen reads is what the URL says, a change keeps every other parameter (the open bale,
// the heatmap), and a value that is not one is ignored rather than sent. The reload itself is the
// journeys' (e2e/filters-summary-units).

const filterId = '6f1c2d3e-4b5a-4c6d-8e7f-901234567890';

function FilterState() {
  const [id, setId] = useActiveFilter();
  const [time, setTime] = useBaleTimeFilter();
  const location = useLocation();
  const choose = (next: BaleTimeFilter) => () => setTime(next);
  return (
    <>
      <output aria-label="filter">{id ?? 'none'}</output>
      <output aria-label="dates">{JSON.stringify(time)}</output>
      <output aria-label="address">{location.search}</output>
      <button type="button" onClick={() => setId(filterId)}>
        Apply
      </button>
      <button type="button" onClick={() => setId(undefined)}>
        Clear
      </button>
      <button type="button" onClick={choose({ from: '2025-05-01', to: '2025-06-30' })}>
        May and June
      </button>
      <button type="button" onClick={choose({ year: 2024 })}>
        2024
      </button>
    </>
  );
}

function open(url: string) {
  return renderWithProviders(
    <MemoryRouter initialEntries={[url]}>
      <FilterState />
    </MemoryRouter>,
  );
}

const shown = (name: string) => screen.getByRole('status', { name }).textContent;

describe('the filter and the dates in the address', () => {
  it('reads a shared link as it was sent', () => {
    open(`/?year=2025&filter=${filterId}&bale=B-1`);
    expect(shown('filter')).toBe(filterId);
    expect(shown('dates')).toBe('{"year":2025}');
  });

  it('ignores what is not a filter id or a date instead of sending it', () => {
    open('/?filter=drop%20table&year=1800&from=yesterday');
    expect(shown('filter')).toBe('none');
    expect(shown('dates')).toBe('{}');
  });

  it('writes each change to the address and keeps the other parameters', async () => {
    const { user } = open('/?bale=B-1&heatmap=Overlay');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await user.click(screen.getByRole('button', { name: 'May and June' }));
    const params = new URLSearchParams(shown('address') ?? '');
    expect(params.get('filter')).toBe(filterId);
    expect(params.get('from')).toBe('2025-05-01');
    expect(params.get('to')).toBe('2025-06-30');
    expect(params.get('bale')).toBe('B-1');
    expect(params.get('heatmap')).toBe('Overlay');

    // A year replaces the range; clearing the filter leaves the dates.
    await user.click(screen.getByRole('button', { name: '2024' }));
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    const after = new URLSearchParams(shown('address') ?? '');
    expect([...after.keys()].sort()).toEqual(['bale', 'heatmap', 'year']);
    expect(shown('dates')).toBe('{"year":2024}');
    expect(shown('filter')).toBe('none');
  });
});
