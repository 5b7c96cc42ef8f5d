import type { ClustersResponse } from '@baletrack/contracts/map/map';
import { describe, expect, it } from 'vitest';
import { viewSummary } from '@/features/map/utils/view-summary';

const cluster = (id: number, count: number) => ({
  id,
  lat: 42,
  lon: -93,
  count,
  avgWeightKg: 500,
  avgMoisture: 14,
  avgRfv: 150,
  avgProtein: 18,
  grades: {},
  expansionZoom: 12,
});
const bale = (uid: string) => ({
  uid,
  lat: 42,
  lon: -93,
  weightKg: 500,
  avgMoisture: 14,
  rfv: null,
  protein: null,
  baleSize: 'FourFeet' as const,
  grade: null,
});
const empty: ClustersResponse = { clusters: [], bales: [], stacks: [], lockedCount: 0 };

describe('viewSummary', () => {
  it('counts every bale a cluster stands for', () => {
    const items = { ...empty, clusters: [cluster(1, 1200), cluster(2, 34)] };
    expect(viewSummary(items)).toBe('1,234 bales in view: 2 clusters');
  });

  it('names loose bales and stacks', () => {
    const stack = {
      id: '0b4f4a8e-5f0a-4c55-9a55-6f0c6c7f1a01',
      lat: 42,
      lon: -93,
      count: 10,
      totalWeightKg: 5000,
      dryMassKg: 4300,
      avgMoisture: 14,
      avgRfv: null,
      avgProtein: null,
      grade: null,
    };
    const items = { ...empty, clusters: [cluster(1, 5)], bales: [bale('a')], stacks: [stack] };
    expect(viewSummary(items)).toBe('16 bales in view: 1 cluster, 1 loose bale and 1 stack');
  });

  it('says when nothing is in view', () => {
    expect(viewSummary(empty)).toBe('No bales in view.');
    expect(viewSummary(undefined)).toBe('Loading bales…');
  });
});
