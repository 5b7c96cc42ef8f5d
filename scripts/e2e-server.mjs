// The product as the browser journeys see it: a fresh embedded database each run.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// A known folder (E2E_DATA_DIR), emptied first, so journeys can read the demo baler's key.
const dataDir = path.resolve(process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), 'baletrack-e2e'));
fs.rmSync(dataDir, { recursive: true, force: true });
fs.mkdirSync(dataDir, { recursive: true });
// E2E_PLAIN=true: the product exactly as `npm start` configures it (no payments, no SuperAdmin),
// for the journeys of a grower's own install (e2e/first-hour.spec.ts).
const plain = process.env.E2E_PLAIN === 'true';
// Payments as a grower meets them, against the tests' local Stripe stand-in (never Stripe).
const stripePort = Number(process.env.E2E_STRIPE_PORT ?? 3198);
const stripeEnv = {
  STRIPE_SECRET_KEY: 'sk_test_e2e',
  STRIPE_WEBHOOK_SECRET: 'whsec_e2e_journeys',
  STRIPE_API_URL: `http://127.0.0.1:${stripePort}`,
  PROMO_PERCENT_OFF: '20',
  PROMO_ENDS_AT: '2099-12-31T23:59:59Z',
};
// The journeys' SuperAdmin, made the way an operator makes one (`npm run superadmin`), before the
// server takes the embedded database; e2e/support/superadmin.ts has the same credentials.
const superadmin = plain
  ? { status: 0 }
  : spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        'apps/server/src/create-superadmin.ts',
        '--email',
        'superadmin@baletrack.local',
        '--password',
        'Operator-2026x',
      ],
      // With the server's environment, as an operator runs it: its first start seeds the demo
      // farm under the same billing as the server's.
      {
        stdio: 'inherit',
        env: { ...process.env, ...stripeEnv, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
      },
    );
if (superadmin.status !== 0) process.exit(superadmin.status ?? 1);
const publicUrl = process.env.PUBLIC_URL ?? `http://localhost:${process.env.PORT ?? 3000}`;
const stripe = plain
  ? null
  : spawn(process.execPath, ['--import', 'tsx', 'e2e/support/stripe-stand-in-server.ts'], {
      stdio: 'inherit',
      env: {
        ...process.env,
        ...stripeEnv,
        E2E_STRIPE_PORT: String(stripePort),
        E2E_WEBHOOK_URL: `${publicUrl}/user-api/public/stripe/webhook`,
      },
    });
// An outside OpenID Connect provider, and the hosted sign-in the web app reaches it through: the
// journeys answer the web app's https requests to the pool from this server (e2e/support/https.ts).
const oidcPort = Number(process.env.E2E_OIDC_PORT ?? 3197);
const oidcEnv = {
  OIDC_NAME: 'Acme ID',
  OIDC_ISSUER: `http://127.0.0.1:${oidcPort}`,
  OIDC_CLIENT_ID: 'baletrack',
  OIDC_CLIENT_SECRET: 'a-provider-secret-for-tests',
  OAUTH_DOMAIN: `${new URL(publicUrl).host}/cognito`,
};
const oidc = plain
  ? null
  : spawn(process.execPath, ['--import', 'tsx', 'e2e/support/oidc-provider-server.ts'], {
      stdio: 'inherit',
      env: { ...process.env, E2E_OIDC_PORT: String(oidcPort), PUBLIC_URL: publicUrl },
    });
const server = spawn(process.execPath, ['--import', 'tsx', 'scripts/e2e-product.ts'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    ...(plain ? {} : { ...stripeEnv, ...oidcEnv }),
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  },
});
const stop = (signal) => {
  stripe?.kill(signal);
  oidc?.kill(signal);
  server.kill(signal);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
server.on('exit', (code) => {
  stripe?.kill('SIGTERM');
  oidc?.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
