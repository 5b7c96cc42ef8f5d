import { z } from 'zod';
import { latLonSchema } from '../geo/lat-lon.ts';

/** The size values of docs/product.md#sizes-and-shapes, in the spec's order. */
export const baleSizes = [
  'ThreeXThree',
  'ThreeXFour',
  'FourXFour',
  'SeventyXEighty',
  'SeventyXOneTwenty',
  'FourFeet',
  'FiveFeet',
] as const;
export type BaleSize = (typeof baleSizes)[number];

/** What users see for each size. */
export const baleSizeLabels = {
  ThreeXThree: '3x3',
  ThreeXFour: '3x4',
  FourXFour: '4x4',
  FourFeet: '4ft',
  FiveFeet: '5ft',
  SeventyXEighty: '70x80',
  SeventyXOneTwenty: '70x120',
} as const satisfies Record<BaleSize, string>;

/** Sizes in the order the spec shows them to users (squares, rounds, metric squares). */
export const baleSizeOptions = [
  'ThreeXThree',
  'ThreeXFour',
  'FourXFour',
  'FourFeet',
  'FiveFeet',
  'SeventyXEighty',
  'SeventyXOneTwenty',
] as const satisfies readonly BaleSize[];

export const baleShapes = ['LargeSquare', 'Round'] as const;
export type BaleShape = (typeof baleShapes)[number];

/**
 * The shape follows from the size: only the feet sizes are rounds
 * (docs/product.md#sizes-and-shapes).
 */
export const baleShapeBySize = {
  ThreeXThree: 'LargeSquare',
  ThreeXFour: 'LargeSquare',
  FourXFour: 'LargeSquare',
  SeventyXEighty: 'LargeSquare',
  SeventyXOneTwenty: 'LargeSquare',
  FourFeet: 'Round',
  FiveFeet: 'Round',
} as const satisfies Record<BaleSize, BaleShape>;

/** What holds the bale together; the values of the bale's `bindingMode`. */
export const tagMaterials = [
  'Unknown',
  'Mesh',
  'Twine',
  'Film',
  'TwineAndMesh',
  'TwineAndFilm',
] as const;
export type TagMaterial = (typeof tagMaterials)[number];

/** Bales kept for the farm's own use or sold. */
export const loadTypes = ['internal', 'retail'] as const;
export type LoadType = (typeof loadTypes)[number];

const percent = z.number().min(0).max(100);
const nonNegative = z.number().min(0);
// Counts (flakes, wraps) are stored as 32-bit integers; no bale comes near the bound.
const count = z.number().int().min(0).max(1_000_000);
const dateTime = z.iso.datetime({ offset: true });

/**
 * One bale as the baler recorded it (docs/product.md#bales); SI units, percentages on a dry-matter
 * basis.
 */
export const baleSchema = z.object({
  /** The baler's own id for the bale; ingest is idempotent on it. */
  uid: z.string().min(1),
  tagSerialNumber: z.string().nullable(),
  creationTime: dateTime,
  creationLocation: latLonSchema,
  /** Where the bale lies now; differs from creationLocation once it was moved. */
  currentLocation: latLonSchema,
  updateTime: dateTime.nullable(),
  weightKg: nonNegative,
  dryMassKg: nonNegative,
  avgMoisture: percent,
  peakMoisture: percent,
  protein: percent.nullable(),
  ash: percent.nullable(),
  /** Shown to users as NFC. */
  sugar: percent.nullable(),
  /** Degrees Celsius. */
  temperature: z.number().nullable(),
  /** Sensor confidence score, 0–100. */
  measurementQuality: percent.nullable(),
  baleLengthMeters: nonNegative.nullable(),
  baleDiameterMeters: nonNegative.nullable(),
  cutLengthMM: nonNegative.nullable(),
  flakeCount: count.nullable(),
  /** Preservative applied to this bale; 0 when none. */
  appliedPreservativeKg: nonNegative.nullable(),
  baleSize: z.enum(baleSizes),
  rfv: nonNegative.nullable(),
  adf: percent.nullable(),
  ndf: percent.nullable(),
  balerVin: z.string(),
  loadType: z.enum(loadTypes).nullable(),
  /** Fields whose boundary contains the creation location. */
  fieldUIDs: z.array(z.uuid()),
  bindingMode: z.enum(tagMaterials),
  wrapsPerBale: count.nullable(),
  /** Free text from the baler; its values are not specified. */
  stackType: z.string().nullable(),
  /** True when the baler could not tag the bale. */
  missingTags: z.boolean(),
});
export type Bale = z.infer<typeof baleSchema>;
