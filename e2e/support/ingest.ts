import {
  INGEST_API_KEY_HEADER,
  type IngestBale,
  sampleIngestBale,
} from '@baletrack/contracts/ingest/ingest';
import { type APIRequestContext, expect } from '@playwright/test';

/**
 * A baler's record of one ordinary bale baled now at `place`: a dry 3x4 large square of alfalfa
 * quality. Journeys change only what they are about.
 * @example newIngestBale('WET-1', FARM_ORIGIN, { avgMoisture: 23 })
 */
export function newIngestBale(
  uid: string,
  place: { lat: number; lon: number },
  changes: Partial<IngestBale> = {},
): IngestBale {
  return { ...sampleIngestBale(uid, place, new Date()), ...changes };
}

/** Sends bales as the baler whose ingest key is `apiKey`, and expects every one created. */
export async function ingestBales(
  request: APIRequestContext,
  apiKey: string,
  bales: IngestBale[],
): Promise<void> {
  const response = await request.post('/ingest/v1/bales', {
    headers: { [INGEST_API_KEY_HEADER]: apiKey },
    data: { bales },
  });
  expect(await response.json()).toMatchObject({ created: bales.length });
}

const VIN_CHARACTERS = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';

/** A well-formed VIN from outside North America (so no check digit applies). */
export function newVin(): string {
  const rest = Array.from(
    { length: 16 },
    () => VIN_CHARACTERS[Math.floor(Math.random() * VIN_CHARACTERS.length)],
  );
  return ['W', ...rest].join('');
}
