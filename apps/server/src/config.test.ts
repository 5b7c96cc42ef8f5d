import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

const key = 'ab'.repeat(32);

describe('configuration', () => {
  it('starts with working defaults on the embedded database', () => {
    const config = loadConfig({ SECRET_KEY: key });
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      publicUrl: 'http://localhost:3000',
      seedDemo: true,
      userPool: { id: 'local_baletrack', clientId: 'baletrackweb' },
    });
    expect(config.database).toHaveProperty('dataDir');
  });

  it('uses PostgreSQL and no demo seeding when DATABASE_URL is set', () => {
    const config = loadConfig({ SECRET_KEY: key, DATABASE_URL: 'postgres://u@db.example/farm' });
    expect(config.database).toEqual({ url: 'postgres://u@db.example/farm' });
    expect(config.seedDemo).toBe(false);
  });

  it('bills only where credits can be bought, unless the operator says otherwise', () => {
    const stripe = { STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' };
    // A farm's own server: no payment provider, so no bale waits for a credit nobody can buy.
    expect(loadConfig({ SECRET_KEY: key }).billing).toBe('off');
    expect(loadConfig({ SECRET_KEY: key, ...stripe }).billing).toBe('on');
    // An operator who grants credits by hand asks for billing without payments.
    expect(loadConfig({ SECRET_KEY: key, BILLING: 'on' }).billing).toBe('on');
    expect(loadConfig({ SECRET_KEY: key, ...stripe, BILLING: 'off' }).billing).toBe('off');
  });

  it("registers the web app's own pages for the hosted sign-in, or the operator's exact list", () => {
    expect(loadConfig({ SECRET_KEY: key }).userPool).toMatchObject({
      callbackUrls: ['http://localhost:3000/'],
      signOutUrls: ['http://localhost:3000/login'],
    });
    const listed = loadConfig({
      SECRET_KEY: key,
      OAUTH_CALLBACK_URLS: 'https://hay.example/, https://hay.example/callback?from=app',
    });
    expect(listed.userPool.callbackUrls).toEqual([
      'https://hay.example/',
      'https://hay.example/callback?from=app',
    ]);
    for (const bad of ['javascript:alert(1)', 'https://hay.example/#x', 'hay.example/']) {
      expect(() => loadConfig({ SECRET_KEY: key, OAUTH_SIGN_OUT_URLS: bad }), bad).toThrow(
        /OAUTH_SIGN_OUT_URLS: .* is not an http\(s\) URL without a fragment/,
      );
    }
  });

  it('federates an outside provider given all four of its settings, over https', () => {
    const provider = {
      SECRET_KEY: key,
      OIDC_NAME: 'Acme ID',
      OIDC_ISSUER: 'https://id.acme.example',
      OIDC_CLIENT_ID: 'baletrack',
      OIDC_CLIENT_SECRET: 'secret',
    };
    expect(loadConfig(provider).userPool.federation).toMatchObject({
      name: 'Acme ID',
      scopes: 'openid email profile',
      claims: { email: 'email', emailVerified: 'email_verified', name: 'name' },
      createOrganizations: true,
    });
    expect(loadConfig({ SECRET_KEY: key }).userPool.federation).toBeUndefined();
    expect(() => loadConfig({ ...provider, OIDC_CLIENT_SECRET: undefined })).toThrow(
      'OIDC_NAME, OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET: set all four, or none',
    );
    expect(() => loadConfig({ ...provider, OIDC_ISSUER: 'http://id.acme.example' })).toThrow(
      'OIDC_ISSUER: must be https',
    );
    // http on this machine only, to try a provider out beside the server.
    expect(() => loadConfig({ ...provider, OIDC_ISSUER: 'http://127.0.0.1:4000' })).not.toThrow();
    expect(() => loadConfig({ SECRET_KEY: key, OAUTH_DOMAIN: 'https://farm.example' })).toThrow(
      'OAUTH_DOMAIN: must be a host and path, without a scheme',
    );
  });

  it('lists every problem at once', () => {
    expect(() =>
      loadConfig({
        SECRET_KEY: 'short',
        PORT: 'eighty',
        USER_POOL_ID: 'nounderscore',
        MAP_TILE_URL: 'http://tiles.example/{z}/{x}/{y}.png',
      }),
    ).toThrow(
      /Invalid configuration:\n {2}PORT: .*\n {2}SECRET_KEY: must be 64 hex characters.*\n {2}USER_POOL_ID: must look like <region>_<name>\n {2}MAP_TILE_URL: must be an https tile URL template/s,
    );
  });

  it('generates chat answers only with both an endpoint and a model', () => {
    expect(loadConfig({ SECRET_KEY: key }).chatLlm).toBeUndefined();
    const config = loadConfig({
      SECRET_KEY: key,
      CHAT_LLM_URL: 'https://llm.example/v1/',
      CHAT_LLM_MODEL: 'helper',
    });
    expect(config.chatLlm).toEqual({
      url: 'https://llm.example/v1',
      apiKey: undefined,
      model: 'helper',
    });
    expect(() => loadConfig({ SECRET_KEY: key, CHAT_LLM_URL: 'https://llm.example/v1' })).toThrow(
      'CHAT_LLM_URL and CHAT_LLM_MODEL: set both, or neither',
    );
  });

  it('accepts satellite tiles in either axis order', () => {
    const url = 'https://imagery.example/tile/{z}/{y}/{x}';
    expect(loadConfig({ SECRET_KEY: key, MAP_TILE_URL: url }).map.tileUrl).toBe(url);
  });

  it('shows the default imagery unless the operator turns it off', () => {
    expect(loadConfig({ SECRET_KEY: key }).map.defaultImagery).toBe(true);
    expect(loadConfig({ SECRET_KEY: key, MAP_DEFAULT_IMAGERY: 'false' }).map.defaultImagery).toBe(
      false,
    );
    expect(() => loadConfig({ SECRET_KEY: key, MAP_DEFAULT_IMAGERY: 'no' })).toThrow(
      'MAP_DEFAULT_IMAGERY',
    );
  });
});
