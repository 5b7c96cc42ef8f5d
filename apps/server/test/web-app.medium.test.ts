import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/test-app.ts';

// The web app and its runtime configuration, served by the same process as the APIs.
let t: TestApp;
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'baletrack-dist-'));
beforeAll(async () => {
  // As the build writes them: each file with its brotli twin.
  const page = '<!doctype html><title>Baletrack</title>';
  fs.writeFileSync(path.join(webDist, 'index.html'), page);
  fs.writeFileSync(path.join(webDist, 'index.html.br'), zlib.brotliCompressSync(page));
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(path.join(webDist, 'assets', 'app-1a2b.js'), 'console.log(1)');
  fs.writeFileSync(
    path.join(webDist, 'assets', 'app-1a2b.js.br'),
    zlib.brotliCompressSync('console.log(1)'),
  );
  fs.writeFileSync(path.join(webDist, 'sw.js'), 'self.addEventListener("fetch", () => {})');
  fs.writeFileSync(path.join(webDist, 'manifest.webmanifest'), '{"name":"Baletrack"}');
  t = await startTestApp({
    env: {
      WEB_DIST: webDist,
      MAP_TILE_URL: 'https://imagery.example/tile/{z}/{y}/{x}',
      MAP_TILE_ATTRIBUTION: '© Imagery Example',
    },
  });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

describe('the web app', () => {
  it('serves the page for every client-side route, never for API paths', async () => {
    for (const route of ['/', '/login', '/fields?x=1', '/fields/', '/?bale=B-1']) {
      for (const encoding of ['br', 'identity']) {
        const response = await fetch(`${t.url}${route}`, {
          headers: { 'accept-encoding': encoding },
        });
        expect(response.status).toBe(200);
        expect(await response.text()).toContain('<title>Baletrack</title>');
      }
    }
    for (const route of ['/data-api/nothing', '/user-api/nothing', '/cognito/nothing']) {
      const response = await fetch(`${t.url}${route}`);
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
  });

  it('caches hashed assets for a year and the page not at all', async () => {
    const asset = await fetch(`${t.url}/assets/app-1a2b.js`);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    const page = await fetch(`${t.url}/`);
    expect(page.headers.get('cache-control')).toBe('no-cache');
    // Bodies read, so no socket stays open and the app closes at once.
    await Promise.all([asset.text(), page.text()]);
  });

  it('never lets a browser keep an old service worker or manifest: a new build reaches phones', async () => {
    const worker = await fetch(`${t.url}/sw.js`);
    expect(worker.status).toBe(200);
    expect(worker.headers.get('cache-control')).toBe('no-cache');
    expect(worker.headers.get('content-type')).toContain('javascript');
    const manifest = await fetch(`${t.url}/manifest.webmanifest`);
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
    expect(manifest.headers.get('content-type')).toContain('application/manifest+json');
    await Promise.all([worker.text(), manifest.text()]);
  });

  it('tells the web app where everything is, including satellite tiles, and lets the map fetch them', async () => {
    const response = await fetch(`${t.url}/config.json`);
    expect(await response.json()).toMatchObject({
      userPoolEndpoint: `${t.url}/cognito/`,
      dataApiUrl: `${t.url}/data-api`,
      userApiUrl: `${t.url}/user-api`,
      mapTileUrl: 'https://imagery.example/tile/{z}/{y}/{x}',
      mapTileAttribution: '© Imagery Example',
    });
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/img-src [^;]*https:\/\/imagery\.example/);
    expect(csp).toMatch(/connect-src [^;]*https:\/\/imagery\.example/);
    // The operator's imagery replaces the default provider.
    expect(csp).not.toContain('nationalmap.gov');
  });

  it("admits the default imagery provider's tiles when the operator configures none", async () => {
    const plain = await startTestApp({ env: { WEB_DIST: webDist } });
    try {
      const response = await fetch(`${plain.url}/config.json`);
      expect(await response.json()).not.toHaveProperty('mapTileUrl');
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).toMatch(/img-src [^;]*https:\/\/basemap\.nationalmap\.gov/);
      expect(csp).toMatch(/connect-src [^;]*https:\/\/basemap\.nationalmap\.gov/);
    } finally {
      await plain.close();
    }
  });

  it('asks browsers for no imagery when the operator turns the default off (MAP_DEFAULT_IMAGERY=false)', async () => {
    const offline = await startTestApp({
      env: { WEB_DIST: webDist, MAP_DEFAULT_IMAGERY: 'false' },
    });
    try {
      const response = await fetch(`${offline.url}/config.json`);
      const config = (await response.json()) as Record<string, unknown>;
      expect(config).not.toHaveProperty('mapTileUrl');
      expect(config.mapDefaultImagery).toBe(false);
      // Tiles from nowhere: the browser is not even allowed to ask, the offline basemap shows.
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).not.toContain('nationalmap.gov');
      expect(csp).toMatch(/img-src 'self' data: blob:;/);
    } finally {
      await offline.close();
    }
  });
});
