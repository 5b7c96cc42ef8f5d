import { apiErrorSchema } from '@baletrack/contracts/errors/api-error';
import { messages } from '@baletrack/contracts/errors/messages';
import {
  INGEST_API_KEY_HEADER,
  type IngestResponse,
  ingestResponseSchema,
  sampleIngestBale,
} from '@baletrack/contracts/ingest/ingest';
import { useMutation } from '@tanstack/react-query';
import { getRuntimeConfig } from '@/config/runtime-config';
import { ApiError } from '@/lib/api-client';

/** Where this server takes bales: POST /ingest/v1/bales beside the data API. */
export function ingestUrl(): string {
  return new URL('/ingest/v1/bales', getRuntimeConfig().dataApiUrl).href;
}

/** The body of one sample bale made now at `place`, as a baler would send it. */
export function testBaleBody(place: { lat: number; lon: number }, at = new Date()) {
  const uid = `test-bale-${at.toISOString().replace(/\D/g, '').slice(0, 14)}`;
  return { bales: [sampleIngestBale(uid, place, at)] };
}

/**
 * POST /ingest/v1/bales with a baler's key, as its connectivity feed does: the bale is stored
 * like any other and shows on the map.
 */
export async function sendTestBale(input: {
  apiKey: string;
  place: { lat: number; lon: number };
}): Promise<IngestResponse> {
  const response = await fetch(ingestUrl(), {
    method: 'POST',
    headers: { 'content-type': 'application/json', [INGEST_API_KEY_HEADER]: input.apiKey },
    body: JSON.stringify(testBaleBody(input.place)),
  });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const error = apiErrorSchema.safeParse(body);
    throw new ApiError(
      response.status,
      error.success ? error.data : { code: 'INTERNAL', message: messages.generic },
    );
  }
  return ingestResponseSchema.parse(body);
}

export function useSendTestBale() {
  return useMutation({ mutationFn: sendTestBale });
}
