// A baler at work right now on one of the demo fields, for `npm run simulate`: bales follow the
// field's windrows one after another, stamped with the time they are asked for.
import type { BaleSize } from '@baletrack/contracts/bales/bale';
import type { IngestBale } from '@baletrack/contracts/ingest/ingest';
import { localFrame } from '@baletrack/domain/geo/local-frame';
import { forageKindOf } from '@baletrack/domain/quality-grade/quality-grade';
import { seededRandom } from '@baletrack/domain/seeded-random';
import { fieldWindrows, soilPattern } from './bale-field.ts';
import { baleRecord } from './bale-record.ts';
import { demoBalerPlans, demoCropNames, demoFieldPlans, FARM_ORIGIN } from './farm-layout.ts';
import type { DroppedBale } from './windrows.ts';

export interface LiveBaling {
  fieldName: string;
  baleSize: BaleSize;
  /** The next bale along the windrow, made at `time`. */
  next(time: Date): IngestBale;
}

/** Names of the demo fields, in layout order. */
export const demoFieldNames = demoFieldPlans.map((f) => f.name);

/**
 * A virtual baler on a demo field (by name, any case; the first field by default) making
 * bales of its usual size along fresh windrows; when the field is done it starts over.
 * Throws a RangeError naming the fields when the name matches none.
 * @example const baling = liveBaling({ fieldName: 'West Pivot', seed: 1 }); baling.next(new Date())
 */
export function liveBaling(options: { fieldName?: string; seed: number }): LiveBaling {
  const wanted = options.fieldName?.trim().toLowerCase();
  const field = wanted
    ? demoFieldPlans.find((f) => f.name.toLowerCase() === wanted)
    : demoFieldPlans[0];
  if (!field) {
    throw new RangeError(
      `No demo field is called "${options.fieldName}". Fields: ${demoFieldNames.join(', ')}.`,
    );
  }
  const baleSize = demoBalerPlans.find((b) => b.key === field.baler)?.baleSize ?? 'ThreeXFour';
  const kind = forageKindOf(demoCropNames[field.crop]);
  const random = seededRandom(options.seed);
  const soil = soilPattern(random.fork(`soil-${field.key}`));
  const frame = localFrame(FARM_ORIGIN);
  let windrows = fieldWindrows(field, baleSize, 4.5, soil, random);

  const nextDropped = (): DroppedBale => {
    for (let attempt = 0; attempt < 2; attempt++) {
      const step = windrows.bales.next();
      if (!step.done) return step.value;
      windrows = fieldWindrows(field, baleSize, 4.5, soil, random);
    }
    throw new Error(`The windrows of ${field.name} hold no bale.`);
  };

  return {
    fieldName: field.name,
    baleSize,
    next: (time) => {
      const dropped = nextDropped();
      return baleRecord(random, {
        kind,
        baleSize,
        position: frame.toLatLon(dropped.position),
        time: time.getTime(),
        hayKg: dropped.hayKg,
        soil: soil(dropped.position),
        wetness: windrows.wetness(dropped.position),
        firstCutting: false,
      });
    },
  };
}
