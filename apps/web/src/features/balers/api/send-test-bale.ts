import { messages } from '@baletrack/contracts/errors/messages';
import {
  INGEST_API_KEY_HEADER,
  type IngestRequest,
  type IngestResponse,
  ingestResponseSchema,
  sampleIngestBale,
} from '@baletrack/contracts/ingest/ingest';
import { useMutation } from '@tanstack/react-query';
import { getRuntimeConfig } from '@/config/runtime-config';
import { ApiError, errorBody } from '@/lib/api-client';

/** Where this server takes bales: POST /ingest/v1/bales beside the data API. */
export function ingestUrl(): string {
  return new URL('/ingest/v1/bales', getRuntimeConfig().dataApiUrl).href;
}

/** The body of one sample bale made at `at` and `place`, as a baler would send it. */
export function testBaleBody(place: { lat: number; lon: number }, at: Date): IngestRequest {
  const uid = `test-bale-${at.toISOString().replace(/\D/g, '').slice(0, 14)}`;
  return { bales: [sampleIngestBale(uid, place, at)] };
}

/**
 * POST /ingest/v1/bales with a baler's key, as its connectivity feed does: the bale is stored
 * like any other and shows on the map. The key, not the session, answers for it: a refusal
 * never signs the grower out.
 */
export async function sendTestBale(input: {
  apiKey: string;
  body: IngestRequest;
}): Promise<IngestResponse> {
  let response: Response;
  try {
    response = await fetch(ingestUrl(), {
      method: 'POST',
      headers: { 'content-type': 'application/json', [INGEST_API_KEY_HEADER]: input.apiKey },
      body: JSON.stringify(input.body),
    });
  } catch {
    throw new ApiError(0, { code: 'NETWORK', message: messages.generic });
  }
  if (!response.ok) throw new ApiError(response.status, await errorBody(response));
  return ingestResponseSchema.parse(await response.json());
}

export function useSendTestBale() {
  return useMutation({ mutationFn: sendTestBale });
}
