import { baleInfoResponseSchema } from '@baletrack/contracts/bales/bale-reads';
import { apiErrorSchema } from '@baletrack/contracts/errors/api-error';
import { fieldSchema, fieldsResponseSchema } from '@baletrack/contracts/fields/field';
import { expect } from 'vitest';
import { readBaleStamp } from '../../src/features/bales/bale-stamps.repository.ts';
import { type Farm, ingest, newBale, newBaler, newFarm, square } from '../helpers/farm.ts';
import type { TestApp } from '../helpers/test-app.ts';

/** Calls and checks the fields tests share; each takes the file's test app. */

export async function ok(response: Response, status = 200) {
  const body = await response.json();
  expect(response.status, JSON.stringify(body)).toBe(status);
  return body;
}

export async function refused(response: Response, status: number) {
  expect(response.status).toBe(status);
  return apiErrorSchema.parse(await response.json());
}

const at = (lat: number, lon: number) => ({ lat, lon });
export const INSIDE = at(46.6, -120.5);
export const EAST = at(46.6, -120.48);
export const FAR = at(46.7, -120.5);

/** A farm with a subscribed baler and one bale made at each place. */
export async function farmWithBales(t: TestApp, places: { lat: number; lon: number }[]) {
  const farm = await newFarm(t);
  const baler = await newBaler(t.ctx, farm.orgId);
  const bales = places.map((place) => newBale({ creationLocation: place }));
  await ingest(t, baler.apiKey, bales);
  return { farm, baler, uids: bales.map((bale) => bale.uid) };
}

/** POST /fields, by default a 0.01° square around INSIDE. */
export const createField = async (farm: Farm, body: Record<string, unknown>) =>
  fieldSchema.parse(
    await ok(
      await farm.post('/fields', { sizeHectares: null, boundary: square(-120.5, 46.6), ...body }),
      201,
    ),
  );

export async function fieldsOfBale(farm: Farm, uid: string | undefined) {
  const info = baleInfoResponseSchema.parse(await ok(await farm.get('/bale-info/get', { uid })));
  return info.fields.map((field) => field.name);
}

export const listFields = async (farm: Farm) =>
  fieldsResponseSchema.parse(await ok(await farm.get('/fields'))).fields;

/** The organization's bale version: what tells every map index to reload. */
export const baleVersion = async (t: TestApp, farm: Farm) =>
  (await readBaleStamp(t.ctx.db, farm.orgId)).baleVersion;
