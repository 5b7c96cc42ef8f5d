import { ingestBaleSchema } from '@baletrack/contracts/ingest/ingest';
import { localFrame } from '@baletrack/domain/geo/local-frame';
import { pointInBoundary } from '@baletrack/domain/geo/point-in-boundary';
import { describe, expect, it } from 'vitest';
import { toBoundary } from './boundaries.ts';
import { demoFieldPlans, FARM_ORIGIN } from './farm-layout.ts';
import { liveBaling } from './live-baling.ts';

const frame = localFrame(FARM_ORIGIN);

describe('liveBaling', () => {
  it('makes valid bales along the chosen field, stamped with the time asked', () => {
    const baling = liveBaling({ fieldName: 'west pivot', seed: 1 });
    expect(baling.fieldName).toBe('West Pivot');
    const plan = demoFieldPlans.find((f) => f.name === 'West Pivot');
    if (!plan) throw new Error('no West Pivot');
    const boundary = toBoundary(frame, plan.outline, plan.holes);
    const start = Date.parse('2026-11-21T10:00:00Z');
    const bales = Array.from({ length: 400 }, (_, i) => baling.next(new Date(start + i * 2000)));
    for (const [i, bale] of bales.entries()) {
      expect(ingestBaleSchema.parse(bale)).toEqual(bale);
      expect(pointInBoundary(bale.creationLocation, boundary)).toBe(true);
      expect(bale.creationTime).toBe(new Date(start + i * 2000).toISOString());
    }
    expect(new Set(bales.map((b) => b.uid)).size).toBe(400);
  });

  it('starts over when the field is done and rounds on a round-baler field', () => {
    const baling = liveBaling({ fieldName: 'Schoolhouse West', seed: 2 });
    expect(baling.baleSize).toBe('FiveFeet');
    const many = Array.from({ length: 600 }, () => baling.next(new Date('2026-07-01T18:00:00Z')));
    expect(many).toHaveLength(600);
  });

  it('names the fields when the name matches none', () => {
    expect(() => liveBaling({ fieldName: 'Back 40', seed: 1 })).toThrow(/Home North, Home Pivot/);
  });

  it('takes the first field by default', () => {
    expect(liveBaling({ seed: 1 }).fieldName).toBe('Home North');
  });
});
