import { VERSION } from '@baletrack/contracts/constants';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flushErrorReports } from '../../src/lib/error-reporting.ts';
import { newConfirmedUser, signIn } from '../helpers/identity.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { type EnvelopeReceiver, startEnvelopeReceiver } from './envelope-receiver.ts';

// With SENTRY_DSN set, unhandled server errors reach the error-reporting service with
// their route and release, and nothing secret: no token, password, code or request body
// (docs/product.md#error-reporting). The service is a local receiver of Sentry envelopes.

let t: TestApp;
let receiver: EnvelopeReceiver;
beforeAll(async () => {
  receiver = await startEnvelopeReceiver();
  t = await startTestApp({
    env: {
      SENTRY_DSN: receiver.dsn,
      SENTRY_ENVIRONMENT: 'test',
      SENTRY_MONITORED_HOSTS: 'https://storage.example.com, https://machines.example.net/api',
    },
  });
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});

describe('error reporting', () => {
  it('reports an unhandled server error with its route, and no secret of the request', async () => {
    const owner = await newConfirmedUser(t.ctx);
    const { IdToken } = await signIn(t, owner.email, owner.password);
    // Something unexpected: the table the route writes to is gone.
    await sql`drop table feedback`.execute(t.ctx.db);
    const response = await fetch(`${t.url}/user-api/feedback?code=123456`, {
      method: 'POST',
      headers: { authorization: IdToken, 'content-type': 'application/json' },
      body: JSON.stringify({
        type: 'bug',
        name: 'Dana',
        email: 'dana@farm.example',
        details: `my password is ${owner.password}`,
      }),
    });
    expect(response.status).toBe(500);
    expect(await flushErrorReports(5000)).toBe(true);

    const event = receiver.items.find((item) => item.type === 'event')?.payload;
    expect(event).toBeDefined();
    expect(event).toMatchObject({
      release: VERSION,
      environment: 'test',
      transaction: 'POST /user-api/feedback',
      tags: { route: 'POST /user-api/feedback' },
      contexts: { route: { method: 'POST', path: '/user-api/feedback' } },
    });
    const exception = (event?.exception as { values: { value: string }[] } | undefined)?.values[0];
    expect(exception?.value).toMatch(/feedback/);

    const everything = receiver.raw.join('\n');
    for (const secret of [
      IdToken,
      owner.password,
      '123456',
      'dana@farm.example',
      'authorization',
    ]) {
      expect(everything).not.toContain(secret);
    }
  });

  it('tells the web app how to report, privacy first, and lets the browser reach the service', async () => {
    const response = await fetch(`${t.url}/config.json`);
    expect(((await response.json()) as { errorReporting?: unknown }).errorReporting).toEqual({
      dsn: receiver.dsn,
      environment: 'test',
      release: VERSION,
      tracesSampleRate: 1,
      replayOnErrorSampleRate: 1,
      sendDefaultPii: false,
      maskAllText: true,
      blockAllMedia: true,
      traceOrigins: [t.url],
      monitoredHosts: ['https://storage.example.com', 'https://machines.example.net'],
    });
    const page = await fetch(`${t.url}/login`);
    expect(page.headers.get('content-security-policy')).toContain(
      `connect-src 'self' ${receiver.origin}`,
    );
  });
});
