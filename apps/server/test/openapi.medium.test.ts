import { ingestBaleSchema } from '@baletrack/contracts/ingest/ingest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newBaler, newFarm, postIngest } from './helpers/farm.ts';
import { startTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('API documentation', () => {
  it('publishes an OpenAPI document of the APIs built from the same schemas the routes validate with', async () => {
    const response = await fetch(`${t.url}/docs/json`);
    expect(response.status).toBe(200);
    const document = (await response.json()) as {
      openapi: string;
      paths: Record<
        string,
        Record<
          string,
          {
            requestBody?: { content: Record<string, { schema: { required?: string[] } }> };
            security?: unknown;
          }
        >
      >;
    };
    expect(document.openapi).toMatch(/^3\./);
    const register = document.paths['/user-api/public/user/register']?.post;
    expect(register?.requestBody?.content['application/json']?.schema.required).toEqual(
      expect.arrayContaining(['organizationName', 'email', 'password', 'confirmPassword']),
    );
    // Public routes need no token; everything else the id token (the document's default).
    expect(register?.security).toEqual([]);
    expect(document.paths['/user-api/user']?.get?.security).toBeUndefined();
    expect(document.paths).toHaveProperty(['/user-api/user', 'get']);
    expect(document.paths).toHaveProperty(['/user-api/user/organization', 'get']);
  });

  it('documents every field of an ingest record, and its example body is one the ingest API stores', async () => {
    interface Field {
      description?: string;
      enum?: string[];
    }
    interface Body {
      example: unknown;
      schema: { properties: { bales: { items: { properties: Record<string, Field> } } } };
    }
    const document = (await (await fetch(`${t.url}/docs/json`)).json()) as {
      paths: Record<string, Record<string, { requestBody: { content: Record<string, Body> } }>>;
    };
    const body = document.paths['/ingest/v1/bales']?.post?.requestBody.content['application/json'];
    const record = body?.schema.properties.bales.items ?? { properties: {} };
    // A baler integrator reads every field with its meaning and unit, and every enumeration.
    expect(Object.keys(record.properties).sort()).toEqual(
      Object.keys(ingestBaleSchema.shape).sort(),
    );
    for (const [name, field] of Object.entries(record.properties)) {
      expect(field.description, name).toMatch(/\w{3}/);
    }
    expect(record.properties.baleSize?.enum).toContain('FiveFeet');
    const farm = await newFarm(t);
    const baler = await newBaler(t.ctx, farm.orgId, { activeMonths: ['2026-06'] });
    const stored = await postIngest(t, baler.apiKey, body?.example);
    expect(stored.status).toBe(200);
    expect(await stored.json()).toMatchObject({ created: 1, rejected: [] });
  });

  it('serves a browsable page at /docs', async () => {
    const response = await fetch(`${t.url}/docs`, { redirect: 'follow' });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('swagger');
  });
});
