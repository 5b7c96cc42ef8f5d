import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseRuntimeConfig } from './runtime-config.ts';

// What the web app takes from /config.json (apps/server/src/plugins/web-app.ts writes it): the
// deployment's URLs resolved against the page, API bases without a trailing slash, and a clear
// refusal naming the field when something is missing.

const served = {
  userPoolId: 'local_pool',
  userPoolClientId: 'client',
  userPoolEndpoint: '/cognito/',
  dataApiUrl: 'https://farm.example/data-api/',
  userApiUrl: '/user-api',
  convertApiUrl: '/convert-api',
  version: '3.15.1',
};

beforeEach(() => {
  vi.stubGlobal('window', { location: { origin: 'https://farm.example' } });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the runtime configuration', () => {
  it('resolves paths against the page and drops the API bases trailing slash', () => {
    const config = parseRuntimeConfig({ ...served, mailboxUrl: '/mailbox', extra: 1 });
    expect(config).toMatchObject({
      userPoolEndpoint: 'https://farm.example/cognito/',
      dataApiUrl: 'https://farm.example/data-api',
      userApiUrl: 'https://farm.example/user-api',
      mailboxUrl: 'https://farm.example/mailbox',
      version: '3.15.1',
    });
    expect(config).not.toHaveProperty('extra');
    expect(config.errorReporting).toBeUndefined();
  });

  it('keeps an imagery template as written (its braces unescaped)', () => {
    const mapTileUrl = 'https://tiles.example.com/{z}/{x}/{y}.jpg';
    expect(parseRuntimeConfig({ ...served, mapTileUrl }).mapTileUrl).toBe(mapTileUrl);
  });

  it('says when the operator turned the default imagery off', () => {
    expect(parseRuntimeConfig(served).mapDefaultImagery).toBeUndefined();
    expect(parseRuntimeConfig({ ...served, mapDefaultImagery: false }).mapDefaultImagery).toBe(
      false,
    );
    expect(() => parseRuntimeConfig({ ...served, mapDefaultImagery: 'no' })).toThrow(
      'mapDefaultImagery',
    );
  });

  it('takes error reporting whole, and refuses a sample rate outside 0 to 1', () => {
    const errorReporting = {
      dsn: 'https://key@sentry.example/1',
      environment: 'production',
      release: '3.15.1',
      tracesSampleRate: 0.1,
      replayOnErrorSampleRate: 1,
      sendDefaultPii: false,
      maskAllText: true,
      blockAllMedia: true,
      traceOrigins: ['https://farm.example'],
      monitoredHosts: [],
    };
    expect(parseRuntimeConfig({ ...served, errorReporting }).errorReporting).toEqual(
      errorReporting,
    );
    expect(() =>
      parseRuntimeConfig({ ...served, errorReporting: { ...errorReporting, tracesSampleRate: 2 } }),
    ).toThrow(/tracesSampleRate/);
  });

  it('takes the hosted sign-in as written, its domain without a trailing slash', () => {
    const oauth = {
      domain: 'farm.example.com/cognito/',
      scopes: ['openid', 'email', 'profile', 'aws.cognito.signin.user.admin'],
      // Not resolved against the page: the pool matches a redirect character for character.
      redirectSignIn: ['https://farm.example.com/'],
      redirectSignOut: ['https://farm.example.com/login'],
      providers: ['Acme Equipment'],
    };
    expect(parseRuntimeConfig(served).oauth).toBeUndefined();
    expect(parseRuntimeConfig({ ...served, oauth }).oauth).toEqual({
      ...oauth,
      domain: 'farm.example.com/cognito',
    });
    const withoutProviders = { ...oauth, providers: [], redirectSignOut: [] };
    expect(parseRuntimeConfig({ ...served, oauth: withoutProviders }).oauth).toMatchObject({
      providers: [],
      redirectSignOut: [],
    });
  });

  it('refuses a hosted sign-in Amplify could not use', () => {
    const oauth = {
      domain: 'farm.example.com/cognito',
      scopes: ['openid'],
      redirectSignIn: ['https://farm.example.com/'],
      redirectSignOut: [],
      providers: [],
    };
    const parse = (changed: object) => () =>
      parseRuntimeConfig({ ...served, oauth: { ...oauth, ...changed } });
    expect(() => parseRuntimeConfig({ ...served, oauth: 'on' })).toThrow(/oauth must be an object/);
    // Amplify puts https:// before the domain itself.
    expect(parse({ domain: 'https://farm.example.com/cognito' })).toThrow(/oauth\.domain/);
    expect(parse({ domain: '' })).toThrow(/domain/);
    expect(parse({ redirectSignIn: [] })).toThrow(/oauth\.redirectSignIn/);
    expect(parse({ redirectSignOut: 'https://farm.example.com/login' })).toThrow(
      /redirectSignOut must be a list of strings/,
    );
    expect(parse({ scopes: [1] })).toThrow(/scopes/);
    expect(parse({ providers: [''] })).toThrow(/oauth\.providers/);
    const { providers: _, ...withoutProviders } = oauth;
    expect(() => parseRuntimeConfig({ ...served, oauth: withoutProviders })).toThrow(/providers/);
  });

  it('names the field that is missing or empty', () => {
    const { userPoolId: _, ...withoutPool } = served;
    expect(() => parseRuntimeConfig(withoutPool)).toThrow(/userPoolId/);
    expect(() => parseRuntimeConfig({ ...served, userPoolClientId: '' })).toThrow(
      /userPoolClientId/,
    );
    expect(() => parseRuntimeConfig(null)).toThrow(/config\.json/);
  });
});
