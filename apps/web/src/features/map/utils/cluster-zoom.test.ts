import type { ClusterTreeResponse } from '@baletrack/contracts/map/map';
import { describe, expect, it } from 'vitest';
import { clusterCamera, fittedZoom, treeItemsBounds } from '@/features/map/utils/cluster-zoom';

const child = (lon: number, lat: number, count = 5) => ({
  id: count,
  lon,
  lat,
  count,
  avgWeightKg: 500,
  avgMoisture: 14,
  avgRfv: null,
  avgProtein: null,
  grades: {},
  expansionZoom: 15,
});

const bale = (lon: number, lat: number) => ({
  uid: `${lon},${lat}`,
  lon,
  lat,
  weightKg: 500,
  avgMoisture: 14,
  rfv: null,
  protein: null,
  baleSize: 'FourFeet' as const,
  grade: null,
});

const tree = (items: Partial<ClusterTreeResponse>): ClusterTreeResponse => ({
  clusterId: 1,
  expansionZoom: 13,
  clusters: [],
  bales: [],
  stacks: [],
  ...items,
});

describe('clusterCamera', () => {
  const cluster = { lon: -120.5, lat: 46.6, expansionZoom: 13 };

  it("fits its bales' box, at least at the zoom where the cluster splits", () => {
    const camera = clusterCamera(
      cluster,
      12.6,
      tree({ bales: [bale(-120.52, 46.59), bale(-120.48, 46.61)] }),
    );
    expect(camera).toEqual({
      kind: 'fit',
      bounds: { west: -120.52, south: 46.59, east: -120.48, north: 46.61 },
      minZoom: 13,
    });
  });

  it("widens child clusters by the radius their bales lie within at the children's zoom", () => {
    const camera = clusterCamera(cluster, 12.6, tree({ clusters: [child(-120.5, 46.6)] }));
    if (camera.kind !== 'fit') throw new Error('expected a fitted box');
    // 60 px at zoom 13 on 512-px tiles: about 0.0051° of longitude either side.
    expect(camera.bounds.east - camera.bounds.west).toBeCloseTo(0.0103, 3);
    expect(camera.bounds.north - camera.bounds.south).toBeLessThan(
      camera.bounds.east - camera.bounds.west,
    );
  });

  it('goes at least one whole level in, even when the index says it splits at this level', () => {
    const camera = clusterCamera({ ...cluster, expansionZoom: 12 }, 12.4, tree({}));
    expect(camera).toEqual({ kind: 'center', lon: -120.5, lat: 46.6, zoom: 13 });
  });

  it("falls back to the cluster's point when its children are not known", () => {
    expect(clusterCamera(cluster, 10, null)).toEqual({
      kind: 'center',
      lon: -120.5,
      lat: 46.6,
      zoom: 13,
    });
  });
});

describe('treeItemsBounds', () => {
  it("boxes the tree's bales, leaving its child clusters to be read deeper", () => {
    const holding = tree({
      bales: [bale(-120, 46), bale(-119.9, 46.1)],
      clusters: [child(-100, 40)],
    });
    expect(treeItemsBounds(child(-119.95, 46.05), holding)).toEqual({
      west: -120,
      east: -119.9,
      south: 46,
      north: 46.1,
    });
  });

  it('keeps a cluster with nothing below it (a bale cell alone) where it stands', () => {
    expect(treeItemsBounds(child(-120.5, 46.6), tree({}))).toEqual({
      west: -120.5,
      east: -120.5,
      south: 46.6,
      north: 46.6,
    });
  });
});

describe('fittedZoom', () => {
  it('never stops short of the split, nor past the deepest zoom', () => {
    expect(fittedZoom(11.2, 13, 18)).toBe(13);
    expect(fittedZoom(14.5, 13, 18)).toBe(14.5);
    expect(fittedZoom(25, 13, 18)).toBe(18);
    expect(fittedZoom(undefined, 13, 18)).toBe(13);
  });
});
