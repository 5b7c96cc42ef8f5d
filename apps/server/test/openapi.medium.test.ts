import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

  it('serves a browsable page at /docs', async () => {
    const response = await fetch(`${t.url}/docs`, { redirect: 'follow' });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('swagger');
  });
});
