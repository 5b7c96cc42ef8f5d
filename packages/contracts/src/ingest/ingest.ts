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
