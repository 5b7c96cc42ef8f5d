import { z } from 'zod';
import { baleSchema } from '../bales/bale.ts';

/** The most records one POST /ingest/v1/bales may carry. */
export const MAX_INGEST_BATCH = 5_000;

/** Bale uids are the baler's own ids; this is far above any seen in practice. */
export const MAX_UID_LENGTH = 200;

/** The header carrying the per-baler key issued when the baler was registered. */
export const INGEST_API_KEY_HEADER = 'x-api-key';

export const ingestMessages = {
  batchEmpty: 'The batch is empty; send at least one bale.',
  batchTooLarge: `A batch holds at most ${MAX_INGEST_BATCH} bales; split it into smaller batches.`,
  bodyNotBatch: 'The body must be a JSON object of the form { "bales": [ ... ] }.',
  noValidRecord: 'No bale in the batch is valid; nothing was stored.',
  apiKeyMissing: `The ${INGEST_API_KEY_HEADER} header with the baler's API key is missing.`,
  apiKeyUnknown: 'This API key does not belong to any active baler.',
  refusedByDatabase:
    "The database could not store a value of this record; the batch's other records were kept.",
  duplicateInBatch: (index: number) =>
    `The same uid appears later in this batch (index ${index}); the later record was kept.`,
} as const;

/**
 * The most a baler's measurement of one bale can be: far above any bale (a big square weighs
 * under 1,000 kg), low enough that no sum over a farm's bales overflows. One corrupt value
 * (1e308 kg) otherwise made every total of the organization infinite, and the map and summaries
 * failed until the baler sent the bale again.
 */
export const BALE_LIMITS = {
  weightKg: 10_000,
  dryMassKg: 10_000,
  appliedPreservativeKg: 1_000,
  baleLengthMeters: 10,
  baleDiameterMeters: 10,
  cutLengthMM: 1_000,
  rfv: 1_000,
  /** Degrees Celsius, either way: a sensor's range, a smouldering bale included. */
  temperature: 200,
} as const;

const atMost = (max: number, unit: string) =>
  z
    .number()
    .min(0)
    .max(max, `At most ${max.toLocaleString('en-US')}${unit}.`);

/** A bale's time: an ISO date-time from 1970 to 2099, which every database column holds. */
const baleTime = baleSchema.shape.creationTime.refine(
  (value) => {
    const year = new Date(value).getUTCFullYear();
    return year >= 1970 && year < 2100;
  },
  { error: 'A bale time must lie between 1970 and 2099.' },
);

/**
 * One bale as a baler sends it: the bale of docs/product.md#bales without what the server derives
 * (docs/product.md#ingest).
 * `balerVin` comes from the API key, `fieldUIDs` from the field boundaries; `dryMassKg` and
 * `rfv` may be left out and are then computed from weight and moisture, and from ADF and NDF.
 */
export const ingestBaleSchema = baleSchema
  .omit({ fieldUIDs: true, balerVin: true, dryMassKg: true, rfv: true })
  .extend({
    uid: z
      .string()
      .min(1)
      .max(MAX_UID_LENGTH, `A uid has at most ${MAX_UID_LENGTH} characters.`)
      .regex(/^[^\p{Cc}]+$/u, 'A uid must not contain control characters.'),
    creationTime: baleTime,
    updateTime: baleTime.nullable(),
    weightKg: atMost(BALE_LIMITS.weightKg, ' kg'),
    dryMassKg: atMost(BALE_LIMITS.dryMassKg, ' kg').optional(),
    appliedPreservativeKg: atMost(BALE_LIMITS.appliedPreservativeKg, ' kg').nullable(),
    baleLengthMeters: atMost(BALE_LIMITS.baleLengthMeters, ' m').nullable(),
    baleDiameterMeters: atMost(BALE_LIMITS.baleDiameterMeters, ' m').nullable(),
    cutLengthMM: atMost(BALE_LIMITS.cutLengthMM, ' mm').nullable(),
    rfv: atMost(BALE_LIMITS.rfv, '').nullable().optional(),
    temperature: z
      .number()
      .min(-BALE_LIMITS.temperature, `At least -${BALE_LIMITS.temperature} °C.`)
      .max(BALE_LIMITS.temperature, `At most ${BALE_LIMITS.temperature} °C.`)
      .nullable(),
  });
export type IngestBale = z.infer<typeof ingestBaleSchema>;

/** What each record's field holds, in which unit, for /docs (every field is sent; `null` where noted). */
const ingestFieldNotes: Record<keyof IngestBale, string> = {
  uid: "The baler's own id for the bale; a record with a stored uid updates that bale.",
  tagSerialNumber: "The bale's tag, or null for an untagged bale.",
  creationTime: 'When the bale was made: ISO 8601 with offset, 1970–2099.',
  creationLocation: 'Where the bale was made, WGS 84 degrees.',
  currentLocation: 'Where the bale lies now (the creation location until it is moved).',
  updateTime: 'When the bale last changed (moved, re-measured), or null.',
  weightKg: 'Weight as baled, kg.',
  avgMoisture: 'Average moisture, % of the wet weight.',
  peakMoisture: 'Highest moisture read in the bale, %.',
  protein: 'Crude protein, % of dry matter, or null.',
  ash: 'Ash, % of dry matter, or null.',
  sugar: 'Non-fibre carbohydrates (NFC), % of dry matter, or null.',
  temperature: 'Bale temperature at baling, °C, or null.',
  measurementQuality: "The sensor's confidence in its readings, 0–100, or null.",
  baleLengthMeters: 'Length of a square bale, m, or null.',
  baleDiameterMeters: 'Diameter of a round bale, m, or null.',
  cutLengthMM: 'Theoretical cut length, mm, or null.',
  flakeCount: 'Flakes in a square bale, or null.',
  appliedPreservativeKg: 'Preservative applied to this bale, kg (0 when none), or null.',
  baleSize:
    "The baler's size setting: squares 3x3, 3x4, 4x4 ft and 70x80, 70x120 cm; rounds 4 and 5 ft.",
  adf: 'Acid detergent fibre, % of dry matter, or null.',
  ndf: 'Neutral detergent fibre, % of dry matter, or null.',
  loadType: 'internal (kept) or retail (for sale), or null.',
  bindingMode: 'What holds the bale together.',
  wrapsPerBale: 'Wraps of net or film, or null.',
  stackType: 'Free text from the baler, or null.',
  missingTags: 'True when the baler could not tag the bale.',
  dryMassKg: 'Dry matter, kg; left out, it is the weight less the average moisture.',
  rfv: 'Relative feed value; left out or null, it is computed from ADF and NDF.',
};

/** One ordinary bale as a baler sends it: the example of /docs and of a baler's key dialog. */
export function sampleIngestBale(
  uid: string,
  place: { lat: number; lon: number },
  at: Date,
): IngestBale {
  return {
    uid,
    tagSerialNumber: `TAG-${uid}`,
    creationTime: at.toISOString(),
    creationLocation: place,
    currentLocation: place,
    updateTime: null,
    weightKg: 410,
    avgMoisture: 12.5,
    peakMoisture: 15,
    protein: 19.5,
    ash: 10.1,
    sugar: 24,
    temperature: 27,
    measurementQuality: 92,
    baleLengthMeters: 2.4,
    baleDiameterMeters: null,
    cutLengthMM: 38,
    flakeCount: 34,
    appliedPreservativeKg: 0,
    baleSize: 'ThreeXFour',
    adf: 30,
    ndf: 40,
    loadType: 'internal',
    bindingMode: 'Twine',
    wrapsPerBale: null,
    stackType: null,
    missingTags: false,
  };
}

/**
 * The request as /docs shows it: every record field with its type, range, values and unit, and
 * an example body. The route checks records one by one instead (`ingestEnvelopeSchema`).
 */
export const ingestRequestDocsSchema = z
  .object({
    bales: z
      .array(
        z.object(
          Object.fromEntries(
            Object.entries(ingestBaleSchema.shape).map(([name, field]) => [
              name,
              field.meta({ description: ingestFieldNotes[name as keyof IngestBale] }),
            ]),
          ),
        ),
      )
      .min(1)
      .max(MAX_INGEST_BATCH),
  })
  .meta({
    examples: [
      {
        bales: [
          sampleIngestBale(
            'B-2026-000123',
            { lat: 46.5712, lon: -120.3561 },
            new Date('2026-06-14T15:42:10Z'),
          ),
        ],
      },
    ],
  });

/** POST /ingest/v1/bales, as a baler builds it. */
export const ingestRequestSchema = z.object({
  bales: z
    .array(ingestBaleSchema)
    .min(1, ingestMessages.batchEmpty)
    .max(MAX_INGEST_BATCH, ingestMessages.batchTooLarge),
});
export type IngestRequest = z.infer<typeof ingestRequestSchema>;

/**
 * The body as the route checks it: the envelope only. Each record is validated on its own with
 * `ingestBaleSchema`, so one bad record is reported while the others are stored.
 */
export const ingestEnvelopeSchema = z.object(
  {
    bales: z
      .array(z.unknown(), { error: ingestMessages.bodyNotBatch })
      .min(1, ingestMessages.batchEmpty)
      .max(MAX_INGEST_BATCH, ingestMessages.batchTooLarge),
  },
  { error: ingestMessages.bodyNotBatch },
);
export type IngestEnvelope = z.infer<typeof ingestEnvelopeSchema>;

/** A record that was not stored, with its position in the batch and why. */
export const ingestRejectionSchema = z.object({
  index: z.number().int().min(0),
  /** Absent when the record had no readable uid. */
  uid: z.string().optional(),
  reason: z.string(),
});
export type IngestRejection = z.infer<typeof ingestRejectionSchema>;

/** What happened to each record; the four numbers add up to the batch's length. */
export const ingestResponseSchema = z.object({
  created: z.number().int().min(0),
  updated: z.number().int().min(0),
  /** Already stored as sent, older than what is stored, or superseded later in the batch. */
  unchanged: z.number().int().min(0),
  rejected: z.array(ingestRejectionSchema),
});
export type IngestResponse = z.infer<typeof ingestResponseSchema>;
