import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../../../scripts/lib/ensure-built.mjs';
import { featureCollection, rectangle } from './convert/helpers/sample-fields.ts';
import { cognito } from './helpers/identity.ts';

// The built server, as `npm start` runs it (apps/server/scripts/build.mjs).
const main = path.resolve(import.meta.dirname, '../dist/main.js');

/** Starts the product as `npm start` does, on its own data directory and port. */
function startServer(dataDir: string, port: number) {
  const child = spawn(process.execPath, [main], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (c) => (output += c));
  child.stderr?.on('data', (c) => (output += c));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const until = async (pattern: RegExp) => {
    for (let i = 0; i < 600 && !pattern.test(output); i++) {
      if (child.exitCode !== null) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    return output;
  };
  return { child, exited, until, output: () => output };
}

const kill = (child: ChildProcess) => child.exitCode === null && child.kill('SIGKILL');

// A whole product process starts here (seeding the demo farm): on a loaded 2-core machine that
// can take longer than the tier's 30 s, so these wait as long as `until` does.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
  'the product process on the embedded database',
  { timeout: 90_000 },
  () => {
    // Started in beforeAll, not in the describe's body: a skipped describe still runs its body
    // (on PostgreSQL), and then no afterAll would stop the process.
    const port = 20000 + Math.floor(Math.random() * 20000);
    let dataDir = '';
    let first: ReturnType<typeof startServer>;
    beforeAll(async () => {
      // Built only when the sources are newer than apps/server/dist, as `npm start` does.
      await ensureBuilt('server');
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'baletrack-main-'));
      first = startServer(dataDir, port);
    }, 120_000);
    afterAll(() => {
      kill(first.child);
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    it('starts, seeds the demo farm and prints its credentials', async () => {
      const output = await first.until(/Demo farm: sign in as/);
      expect(output).toContain(`Baletrack 3.15.1 is running at http://localhost:${port}`);
      expect(output).toContain(
        'Demo farm: sign in as demo@baletrack.local with password Baletrack-demo1',
      );
      const config = await (await fetch(`http://127.0.0.1:${port}/config.json`)).json();
      expect(config).toMatchObject({
        userPoolEndpoint: `http://localhost:${port}/cognito/`,
        version: '3.15.1',
      });
    });

    it('answers health, signs in and converts a file in its built worker process', async () => {
      await first.until(/is running at/);
      const url = `http://127.0.0.1:${port}`;
      const health = await fetch(`${url}/convert-api/api/health`);
      expect(await health.json()).toEqual({ status: 'ok', version: '3.15.1' });

      const { userPoolClientId } = (await (await fetch(`${url}/config.json`)).json()) as {
        userPoolClientId: string;
      };
      const signIn = await cognito(url, 'InitiateAuth', {
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: userPoolClientId,
        AuthParameters: { USERNAME: 'demo@baletrack.local', PASSWORD: 'Baletrack-demo1' },
      });
      const { AuthenticationResult: tokens } = (await signIn.json()) as {
        AuthenticationResult: { AccessToken: string };
      };
      const form = new FormData();
      form.set('targetFormat', 'KML');
      const field = featureCollection([
        {
          type: 'Feature',
          properties: { name: 'Home' },
          geometry: { type: 'Polygon', coordinates: [rectangle(-120.5, 46.6, -120.49, 46.61)] },
        },
      ]);
      form.set('file', new Blob([field]), 'home.geojson');
      const converted = await fetch(`${url}/convert-api/api/convert-file`, {
        method: 'POST',
        headers: { authorization: `Bearer ${tokens.AccessToken}` },
        body: form,
      });
      expect(converted.status).toBe(200);
      expect(await converted.text()).toContain('<name>Home</name>');
    });

    it('refuses a second process on the same data directory with a clear message', async () => {
      const second = startServer(dataDir, port + 1);
      expect(await second.exited).toBe(1);
      expect(second.output()).toMatch(/in use by another Baletrack process \(pid \d+/);
    });

    it('closes the database cleanly on SIGTERM and keeps the data for the next start', async () => {
      first.child.kill('SIGTERM');
      expect(await first.exited).toBe(0);
      expect(fs.existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);

      const again = startServer(dataDir, port + 2);
      const output = await again.until(/is running at/);
      again.child.kill('SIGINT');
      expect(await again.exited).toBe(0);
      // The demo farm was seeded once and is still there (its credentials are repeated).
      expect(output).toContain('Demo farm: sign in as demo@baletrack.local');
    });
  },
);
