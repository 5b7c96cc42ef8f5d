import {
  type ConvertedFeatureCollection,
  type ConvertReport,
  convertedFeatureCollectionSchema,
  parseConvertReportHeader,
} from '@baletrack/contracts/convert/formats';
import { newConfirmedUser, signIn } from '../../helpers/identity.ts';
import type { TestApp } from '../../helpers/test-app.ts';

/** A new user's access token, as the web app sends it to the conversion API. */
export async function accessToken(t: TestApp): Promise<string> {
  const user = await newConfirmedUser(t.ctx);
  return (await signIn(t, user.email, user.password)).AccessToken;
}

export interface ConvertCall {
  file: Uint8Array | string;
  filename: string;
  targetFormat?: string;
  sourceFormat?: string;
  /** Defaults to the `Bearer <token>` given. */
  authorization?: string | null;
}

/** POST /convert-api/api/convert-file as a multipart form. */
export async function convert(t: TestApp, token: string, call: ConvertCall): Promise<Response> {
  const form = new FormData();
  if (call.sourceFormat !== undefined) form.set('sourceFormat', call.sourceFormat);
  if (call.targetFormat !== undefined) form.set('targetFormat', call.targetFormat);
  const bytes = typeof call.file === 'string' ? new TextEncoder().encode(call.file) : call.file;
  form.set('file', new Blob([bytes]), call.filename);
  const authorization = call.authorization === undefined ? `Bearer ${token}` : call.authorization;
  return fetch(`${t.url}/convert-api/api/convert-file`, {
    method: 'POST',
    headers: authorization === null ? {} : { authorization },
    body: form,
  });
}

/** Converts to GEOJSON and parses the answer with the contract, failing on any non-200. */
export async function toGeoJson(
  t: TestApp,
  token: string,
  call: Omit<ConvertCall, 'targetFormat'>,
): Promise<ConvertedFeatureCollection> {
  const response = await convert(t, token, { ...call, targetFormat: 'GEOJSON' });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${response.status}: ${text}`);
  return convertedFeatureCollectionSchema.parse(JSON.parse(text));
}

/** The X-Convert-Report header of a response. */
export function reportOf(response: Response): ConvertReport | undefined {
  return parseConvertReportHeader(response.headers.get('x-convert-report'));
}

/** A 4xx body as the API sends it. */
export async function refusal(
  response: Response,
): Promise<{ status: number; code: string; message: string }> {
  const body = (await response.json()) as { code: string; message: string };
  return { status: response.status, code: body.code, message: body.message };
}
