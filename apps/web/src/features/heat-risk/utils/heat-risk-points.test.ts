import type { HeatRiskBale, HeatRiskEntry } from '@baletrack/contracts/heat-risk/heat-risk';
import { describe, expect, it } from 'vitest';
import { heatRiskPoints } from '@/features/heat-risk/utils/heat-risk-points';

const bale = (
  uid: string,
  level: HeatRiskBale['level'],
  score: number,
  lon: number,
): HeatRiskBale => ({
  uid,
  tagSerialNumber: uid,
  creationTime: '2025-06-08T12:00:00Z',
  lat: 46.6,
  lon,
  level,
  score,
  why: {
    avgMoisture: 22,
    peakMoisture: 25,
    safeMaxMoisture: 16,
    excessMoisture: 6,
    baleSize: 'ThreeXFour',
    shape: 'LargeSquare',
    preservativeKg: 0,
    daysSinceBaling: 2,
  },
});

describe('heat-risk points on the map', () => {
  it('puts a stack at the stack and a lone bale at the bale, the most urgent drawn last', () => {
    const entries: HeatRiskEntry[] = [
      { kind: 'bale', id: 'A', bale: bale('A', 'high', 7.5, -120.1) },
      {
        kind: 'stack',
        id: 'S',
        lat: 46.61,
        lon: -120.2,
        baleCount: 3,
        level: 'elevated',
        score: 3,
        bales: [bale('B', 'elevated', 3, -120.3)],
      },
    ];
    expect(heatRiskPoints(entries).features).toEqual([
      {
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [-120.2, 46.61] },
        properties: { level: 'elevated', score: 3 },
      },
      {
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [-120.1, 46.6] },
        properties: { level: 'high', score: 7.5 },
      },
    ]);
  });
});
