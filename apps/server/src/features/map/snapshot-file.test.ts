import { describe, expect, it } from 'vitest';
import { Turns } from '../../lib/turns.ts';
import { buildColumns } from '../summaries/summary-columns.ts';
import { emptyBatch, nextRow, type VisibleBaleBatch } from '../summaries/visible-bale-batch.ts';
import { buildClusterIndex, type PointIndex } from './cluster-index.ts';
import { type MapGrades, UNGRADED } from './map-grades.ts';
import { buildSnapshot, type MapPoint, mergeSnapshot, toMapPoints } from './map-snapshot.ts';
import { decodeFarm, encodeFarm, type SavedFarm } from './snapshot-file.ts';

// A restarted process reads an organization's columns, snapshot and cluster index back from the
// file an earlier process wrote (ADR 17): what it reads must answer exactly as what was written,
// and a file of another database, organization or format, or one cut short, is not read at all.

/** 3,000 bales along rows of a field; every tenth hauled to one of two stacks in the yard. */
function farmRows(): VisibleBaleBatch {
  const batch = emptyBatch();
  for (let i = 0; i < 3_000; i += 1) {
    const row = nextRow(batch);
    const lat = 46.6 + (i % 60) * 0.0003;
    const lon = -120.5 + Math.floor(i / 60) * 0.0004;
    const stacked = i % 10 === 0;
    batch.uid[row] = `B${i}`;
    batch.createdMs[row] = Date.parse('2025-06-02T10:00:00Z') + i * 60_000;
    batch.creationLat[row] = lat;
    batch.creationLon[row] = lon;
    batch.currentLat[row] = stacked ? 46.58 + (i % 20 === 0 ? 0.001 : 0) : lat;
    batch.currentLon[row] = stacked ? -120.52 + (i % 3) * 0.00001 : lon;
    for (const c of Object.keys(batch.numbers)) batch.numbers[c as 'rfv'][row] = Number.NaN;
    batch.numbers.weightKg[row] = 500 + (i % 7);
    batch.numbers.dryMassKg[row] = 430 + (i % 5);
    batch.numbers.avgMoisture[row] = 11 + (i % 9) / 3;
    batch.numbers.rfv[row] = i % 4 === 0 ? Number.NaN : 120 + (i % 50);
    batch.balerId[row] = i % 2 ? 'baler-1' : 'baler-2';
    batch.baleSize[row] = i % 3 ? 'FourXFour' : 'ThreeByFour';
    batch.loadType[row] = null;
    batch.bindingMode[row] = 'Twine';
    batch.appliedPreservativeKg[row] = 0;
    batch.fieldUids[row] = i % 2 ? ['field-a'] : ['field-a', 'field-b'];
  }
  return batch;
}

const grades: MapGrades = {
  key: 'test-grades',
  of: (p: MapPoint) => (p.rfv === null ? UNGRADED : Number(p.uid.slice(1)) % 9),
  ofStack: () => 2,
};

async function savedFarm(): Promise<SavedFarm> {
  const rows = farmRows();
  const stamp = { orgId: 'org-1', baleVersion: 42, activeMonths: 3 };
  // The last three bales arrived live: recent, not folded in yet.
  const points = toMapPoints(rows);
  const columns = buildColumns(stamp, rows);
  const folded = buildSnapshot(
    { ...stamp, baleVersion: 41 },
    points.slice(0, -3),
    new Map([['L1', 1_750_000_000_000]]),
  );
  const snapshot = mergeSnapshot(folded, stamp, points.slice(-3), []);
  const range = {};
  const built = await buildClusterIndex(
    snapshot.folded,
    snapshot.stacks,
    range,
    undefined,
    grades,
    new Turns(),
  );
  return {
    identity: 'db-1',
    columns,
    snapshot,
    indexes: [{ ...built, range, gradesKey: grades.key }],
  };
}

const bytesOf = (parts: Uint8Array[]) => new Uint8Array(Buffer.concat(parts));
const everywhere: [number, number, number, number] = [-180, -85, 180, 85];

/** What an index answers at every zoom, and about every cluster's children. */
function answers(index: PointIndex) {
  return Array.from({ length: 18 }, (_, zoom) => {
    const features = index.getClusters(everywhere, zoom);
    return features.map((f) => {
      const id =
        f.properties && 'cluster_id' in f.properties ? Number(f.properties.cluster_id) : undefined;
      return {
        f,
        children: id === undefined ? undefined : index.getChildren(id),
        expansion: id === undefined ? undefined : index.getClusterExpansionZoom(id),
      };
    });
  });
}

describe('a snapshot file', () => {
  it('reads back the columns, snapshot and index it was written from', async () => {
    const farm = await savedFarm();
    const parts = encodeFarm(farm);
    expect(parts).toBeDefined();
    const read = await decodeFarm(bytesOf(parts ?? []), { identity: 'db-1', orgId: 'org-1' });
    if (!read) throw new Error('file not read');
    const { columns } = farm;
    expect(read.columns.length).toBe(columns.length);
    expect(read.columns.uids).toEqual(columns.uids);
    expect(read.columns.slotOf.get('B17')).toBe(columns.slotOf.get('B17'));
    expect([...read.columns.numbers.weightKg]).toEqual([
      ...columns.numbers.weightKg.subarray(0, columns.length),
    ]);
    expect([...read.columns.legumeGrade]).toEqual([
      ...columns.legumeGrade.subarray(0, columns.length),
    ]);
    expect(read.columns.fieldDays.values).toEqual(columns.fieldDays.values);
    expect(read.columns.fieldSets.values).toEqual(columns.fieldSets.values);
    expect(read.snapshot.recent).toHaveLength(3);
    expect(read.snapshot.recent).toEqual(farm.snapshot.recent);
    expect(read.snapshot.folded.points).toEqual(farm.snapshot.folded.points);
    expect(read.snapshot.points).toEqual(farm.snapshot.points);
    expect(read.snapshot.byUid.get('B30')).toEqual(farm.snapshot.byUid.get('B30'));
    expect([...read.snapshot.stacks.keys()]).toEqual([...farm.snapshot.stacks.keys()]);
    expect(read.snapshot.stacks.size).toBeGreaterThan(0);
    expect(read.snapshot.stackOf).toEqual(farm.snapshot.stackOf);
    expect(read.snapshot.locked).toEqual(farm.snapshot.locked);
    expect(read.indexes[0]?.stacks).toEqual(farm.indexes[0]?.stacks);
    expect(read.indexes[0]?.gradesKey).toBe('test-grades');
    const written = answers(farm.indexes[0]?.index as PointIndex);
    expect(answers(read.indexes[0]?.index as PointIndex)).toEqual(written);
    // Clusters at the zoom the map opens at, so the comparison is not of empty answers.
    expect(written[13]?.some((a) => a.children !== undefined)).toBe(true);
  });

  it('is not read for another database or organization, another format, or cut short', async () => {
    const bytes = bytesOf(encodeFarm(await savedFarm()) ?? []);
    expect(await decodeFarm(bytes, { identity: 'db-2', orgId: 'org-1' })).toBeUndefined();
    expect(await decodeFarm(bytes, { identity: 'db-1', orgId: 'org-2' })).toBeUndefined();
    expect(
      await decodeFarm(bytes.subarray(0, bytes.length - 100), { identity: 'db-1', orgId: 'org-1' }),
    ).toBeUndefined();
    expect(
      await decodeFarm(bytes.subarray(0, 30), { identity: 'db-1', orgId: 'org-1' }),
    ).toBeUndefined();
    const other = bytes.slice();
    other[0] = 'X'.charCodeAt(0);
    expect(await decodeFarm(other, { identity: 'db-1', orgId: 'org-1' })).toBeUndefined();
  });
});
