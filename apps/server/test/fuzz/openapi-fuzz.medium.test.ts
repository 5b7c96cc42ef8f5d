import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newBaler } from '../helpers/farm.ts';
import { newConfirmedUser, signIn } from '../helpers/identity.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { casesFor, type FuzzCase, type OpenApiDocument } from './openapi-cases.ts';

// Every operation of the OpenAPI document — data, user, conversion and ingest APIs and the user
// pool — called with an owner's (or the baler's) credentials and hostile input: none may answer
// 5xx, and every refusal carries a message (docs/product.md#validation-rules).
// `npm run fuzz` runs the same with many random rounds (FUZZ_ROUNDS).
const rounds = Number(process.env.FUZZ_ROUNDS ?? 2);

let t: TestApp;
let token: string;
let credentials: Record<string, Record<string, string>>;
let document: OpenApiDocument;
beforeAll(async () => {
  t = await startTestApp();
  const owner = await newConfirmedUser(t.ctx);
  const baler = await newBaler(t.ctx, owner.orgId);
  const tokens = await signIn(t, owner.email, owner.password);
  token = tokens.IdToken;
  // What each API takes as credentials, by path prefix.
  credentials = {
    '/data-api/': { authorization: tokens.IdToken },
    '/user-api/': { authorization: tokens.IdToken },
    '/convert-api/': { authorization: `Bearer ${tokens.AccessToken}` },
    '/ingest/': { 'x-api-key': baler.apiKey },
    '/cognito/': { 'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth' },
  };
  document = (await (await fetch(`${t.url}/docs/json`)).json()) as OpenApiDocument;
});
afterAll(() => t.close());

async function send(c: FuzzCase): Promise<{ status: number; text: string; html: boolean }> {
  const qs = c.query ? `?${new URLSearchParams(c.query)}` : '';
  const response = await fetch(`${t.url}${c.path}${qs}`, {
    method: c.method,
    headers: {
      ...Object.entries(credentials).find(([prefix]) => c.path.startsWith(prefix))?.[1],
      ...(c.contentType ? { 'content-type': c.contentType } : {}),
    },
    body: c.body,
  });
  const html = (response.headers.get('content-type') ?? '').startsWith('text/html');
  return { status: response.status, text: await response.text(), html };
}

describe('hostile input to every operation', () => {
  it('never answers 5xx, and every refusal says why', { timeout: 600_000 }, async () => {
    const cases = casesFor(document, Object.keys(credentials), rounds);
    expect(cases.length).toBeGreaterThan(500);
    const problems: string[] = [];
    for (const c of cases) {
      const { status, text, html } = await send(c);
      if (status >= 500) problems.push(`${c.label}: ${status} ${text.slice(0, 160)}`);
      else if (status >= 400 && html) {
        // A page for people (the mailed confirmation link's): its title says what went wrong.
        if (!/<title>[^<]+<\/title>/.test(text))
          problems.push(`${c.label}: ${status} page untitled`);
      } else if (status >= 400) {
        let message: unknown;
        try {
          message = (JSON.parse(text) as { message?: unknown }).message;
        } catch {
          message = undefined;
        }
        if (typeof message !== 'string' || message === '') {
          problems.push(`${c.label}: ${status} without a message: ${text.slice(0, 160)}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('requests too long to read', () => {
  it("still get the product's error body", async () => {
    const response = await fetch(`${t.url}/data-api/fields?q=${'x'.repeat(20_000)}`, {
      headers: { authorization: token },
    });
    expect(response.status).toBe(431);
    expect(await response.json()).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'The address or its headers are too long (16 KB at most).',
    });
  });

  it('and an over-long path parameter is a 414 in the same shape', async () => {
    const response = await fetch(`${t.url}/data-api/fields/${'9'.repeat(500)}`, {
      headers: { authorization: token },
    });
    expect(response.status).toBe(414);
    expect(await response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: expect.stringMatching(/\S/),
    });
  });
});
