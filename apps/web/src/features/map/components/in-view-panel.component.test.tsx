import type { BalesQuery, BalesResponse } from '@baletrack/contracts/bales/bale-reads';
import type { ClustersResponse } from '@baletrack/contracts/map/map';
import { defaultSettings } from '@baletrack/contracts/settings/settings';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { InViewPanel } from '@/features/map/components/in-view-panel';
import { renderWithProviders } from '@/testing/render-with-providers';

// What the map draws, in words and buttons (docs/product.md#the-map): the summary, the biggest
// clusters first, single bales named by tag serial and listed as they were made, each a button
// doing what a click on the map does. The map's WebGL drawing is the journeys'.

const view: BalesQuery = { west: -121, south: 46, east: -120, north: 47 };
const field = { id: '00000000-0000-4000-8000-00000000f001', name: 'Home Pivot' };

const items: ClustersResponse = {
  clusters: [
    {
      id: 1,
      lat: 46.6,
      lon: -120.5,
      count: 40,
      avgWeightKg: 500,
      avgMoisture: 14.2,
      avgRfv: 150,
      avgProtein: 19,
      grades: {},
      expansionZoom: 14,
    },
    {
      id: 2,
      lat: 46.7,
      lon: -120.4,
      count: 1200,
      avgWeightKg: 510,
      avgMoisture: 13.1,
      avgRfv: null,
      avgProtein: null,
      grades: {},
      expansionZoom: 13,
    },
  ],
  stacks: [],
  bales: [
    {
      uid: 'uid-late',
      lat: 46.61,
      lon: -120.51,
      weightKg: 500,
      avgMoisture: 12,
      rfv: null,
      protein: null,
      baleSize: 'FourFeet',
      grade: null,
    },
    {
      uid: 'uid-early',
      lat: 46.62,
      lon: -120.52,
      weightKg: 520,
      avgMoisture: 15,
      rfv: 140,
      protein: 18,
      baleSize: 'FourFeet',
      grade: null,
    },
  ],
  lockedCount: 0,
};

// Only what naming reads (tag serial, time, fields); the rest of a bale does not matter here.
const named = {
  bales: [
    {
      uid: 'uid-late',
      tagSerialNumber: 'E2800002',
      creationTime: '2025-06-02T10:00:00Z',
      fieldUIDs: [field.id],
    },
    {
      uid: 'uid-early',
      tagSerialNumber: 'E2800001',
      creationTime: '2025-06-01T10:00:00Z',
      fieldUIDs: [field.id],
    },
  ],
  truncated: false,
} as unknown as BalesResponse;

function show(panelItems: ClustersResponse | undefined, namedBales = named) {
  const onZoomToCluster = vi.fn();
  const onSelect = vi.fn();
  const rendered = renderWithProviders(
    <InViewPanel
      items={panelItems}
      onZoomToCluster={onZoomToCluster}
      onSelect={onSelect}
      balesQuery={view}
    />,
    {
      queryData: [
        // Other features' query keys (settings, fields, bales), as their key factories make them.
        [['settings', 'organization'], defaultSettings],
        [['fields', 'list'], { fields: [field] }],
        [['bales', 'in-view', view], namedBales],
      ],
    },
  );
  return { ...rendered, onZoomToCluster, onSelect };
}

describe('the in-view panel', () => {
  it('says what is in view, and lists the biggest clusters first, each zooming in', async () => {
    const { user, onZoomToCluster } = show(items);
    expect(screen.getByTestId('map-summary').textContent).toMatch(/^1,242 bales in view/);
    await user.click(screen.getByRole('button', { name: 'List' }));
    const clusters = within(screen.getByRole('list', { name: 'Clusters in view' })).getAllByRole(
      'button',
    );
    expect(clusters.map((button) => button.textContent)).toEqual([
      'Cluster of 1,200 balesavg 13.1 %',
      'Cluster of 40 balesavg 14.2 %',
    ]);
    await user.click(clusters[0] as HTMLElement);
    expect(onZoomToCluster).toHaveBeenCalledWith(items.clusters[1]);
  });

  it('names single bales by tag serial and field, oldest first, and opens the one chosen', async () => {
    const { user, onSelect } = show(items);
    await user.click(screen.getByRole('button', { name: 'List' }));
    const bales = within(screen.getByRole('list', { name: 'Bales in view' })).getAllByRole(
      'button',
    );
    expect(bales.map((button) => button.textContent?.split('Home Pivot')[0])).toEqual([
      'Bale E2800001',
      'Bale E2800002',
    ]);
    await user.click(bales[0] as HTMLElement);
    expect(onSelect).toHaveBeenCalledWith({ kind: 'bale', uid: 'uid-early' }, items.bales[1]);
  });

  it("shows a bale's tag id and figures whole, with their units", async () => {
    const tag = 'E280DB9E7CDC2EBDABDA6D52';
    const withLongTag = {
      ...named,
      bales: named.bales.map((bale) =>
        bale.uid === 'uid-early' ? { ...bale, tagSerialNumber: tag } : bale,
      ),
    };
    const moist = {
      ...items,
      bales: items.bales.map((bale) =>
        bale.uid === 'uid-early' ? { ...bale, avgMoisture: 17.4 } : bale,
      ),
    };
    const { user } = show(moist, withLongTag);
    await user.click(screen.getByRole('button', { name: 'List' }));
    const list = screen.getByRole('list', { name: 'Bales in view' });
    const [first] = within(list).getAllByRole('button');
    expect(first?.textContent).toMatch(new RegExp(`^Bale ${tag}Home Pivot · .*1,146 lb · 17.4 %$`));
    // Nothing in the list is cut short with an ellipsis: long names wrap instead.
    expect(list.querySelectorAll('[data-truncate]')).toHaveLength(0);
  });

  it('offers no list when nothing is in view', () => {
    show({ clusters: [], stacks: [], bales: [], lockedCount: 0 });
    expect(screen.queryByRole('button', { name: 'List' })).toBeNull();
  });
});
