import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { AUTHORIZED_EMAIL_CONFIRM_DAYS } from '@baletrack/contracts/balers/authorized-email';
import { MAX_CUTTINGS_PER_YEAR } from '@baletrack/contracts/cuttings/cutting';
import { z } from 'zod';
import { SERVER_DIR } from './server-dir.ts';

const flag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** Every environment variable the server reads; README's configuration table mirrors this. */
const environmentSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.url().optional(),
  SECRET_KEY: z
    .string()
    .regex(/^[0-9a-f]{64}$/i, 'must be 64 hex characters (32 bytes)')
    .optional(),
  USER_POOL_ID: z
    .string()
    .regex(/^[\w-]+_[A-Za-z0-9]+$/, 'must look like <region>_<name>')
    .default('local_baletrack'),
  USER_POOL_CLIENT_ID: z.string().min(1).default('baletrackweb'),
  ID_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(3600),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  OAUTH_CALLBACK_URLS: z.string().optional(),
  OAUTH_SIGN_OUT_URLS: z.string().optional(),
  // The host and path at which browsers reach the hosted sign-in over https (Amplify's
  // oauth.domain); by default PUBLIC_URL's host with /cognito when PUBLIC_URL is https.
  OAUTH_DOMAIN: z
    .string()
    .regex(/^[a-z0-9.-]+(:\d+)?(\/[\w./-]*)?$/i, 'must be a host and path, without a scheme')
    .optional(),
  // An outside OpenID Connect provider (docs/product.md#an-outside-identity-provider).
  OIDC_NAME: z
    .string()
    .regex(/^[\w .'&-]{1,40}$/, "must be 1–40 letters, digits, spaces or . ' & -")
    .optional(),
  OIDC_ISSUER: z.url().optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_SCOPES: z
    .string()
    .regex(/^[\w:./ -]+$/)
    .default('openid email profile'),
  OIDC_EMAIL_CLAIM: z.string().min(1).default('email'),
  OIDC_EMAIL_VERIFIED_CLAIM: z.string().min(1).default('email_verified'),
  OIDC_NAME_CLAIM: z.string().min(1).default('name'),
  OIDC_ORGANIZATION_CLAIM: z.string().min(1).optional(),
  OIDC_CREATE_ORGANIZATIONS: flag.default(true),
  SMTP_URL: z.url().optional(),
  MAIL_FROM: z.string().min(3).default('Baletrack <no-reply@baletrack.local>'),
  SUPPORT_EMAIL: z.email().default('support@baletrack.local'),
  SEED_DEMO: flag.optional(),
  MAP_TILE_URL: z
    .string()
    .refine(
      (v) => v.startsWith('https://') && ['{z}', '{x}', '{y}'].every((p) => v.includes(p)),
      'must be an https tile URL template with {z}, {x} and {y}',
    )
    .optional(),
  MAP_TILE_ATTRIBUTION: z.string().min(1).optional(),
  // Off: no default imagery (USGS), so browsers make no third-party tile requests; the bundled
  // offline basemap shows unless MAP_TILE_URL is set.
  MAP_DEFAULT_IMAGERY: flag.default(true),
  WEB_DIST: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: flag.default(false),
  MAX_CUTTINGS_PER_YEAR: z.coerce.number().int().min(1).max(1000).default(MAX_CUTTINGS_PER_YEAR),
  AUTHORIZED_EMAIL_CONFIRM_DAYS: z.coerce
    .number()
    .int()
    .min(1)
    .max(90)
    .default(AUTHORIZED_EMAIL_CONFIRM_DAYS),
  // The conversion API's limits (spec API 3): upload, archive entries, expanded size, time.
  CONVERT_MAX_UPLOAD_MB: z.coerce.number().positive().max(1024).default(20),
  CONVERT_MAX_ARCHIVE_ENTRIES: z.coerce.number().int().min(1).max(100_000).default(2000),
  CONVERT_MAX_EXPANDED_MB: z.coerce.number().positive().max(4096).default(200),
  CONVERT_TIMEOUT_SECONDS: z.coerce.number().positive().max(600).default(20),
  // Heap of each conversion worker (features/convert/convert-pool.ts); past it the worker ends.
  CONVERT_WORKER_MEMORY_MB: z.coerce.number().int().min(32).max(16_384).default(512),
  // Uploads that may wait for a worker, each held in memory (features/convert/convert-pool.ts).
  CONVERT_MAX_WAITING: z.coerce.number().int().min(0).max(1000).default(8),
  // Subscriptions and payments (docs/product.md#credits-and-months; README "Billing"). Unset:
  // on with a payment provider, off without one, so a farm's own server never hides its bales.
  BILLING: z.enum(['on', 'off']).optional(),
  BALER_PROVIDER: z.enum(['vin-check', 'registry']).default('vin-check'),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_\w+$/, 'must be a Stripe secret key')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/, 'must start with whsec_')
    .optional(),
  // Where the Stripe SDK sends its calls; only tests point it elsewhere (a local stand-in).
  STRIPE_API_URL: z.url().default('https://api.stripe.com'),
  CREDIT_PRICE_CENTS: z.coerce.number().int().min(50).max(10_000_000).default(2500),
  CREDIT_CURRENCY: z
    .string()
    .regex(/^[a-zA-Z]{3}$/, 'must be a 3-letter ISO 4217 code')
    .transform((v) => v.toLowerCase())
    .default('usd'),
  PROMO_ID: z
    .string()
    .regex(/^[\w-]{1,40}$/, 'must be 1–40 letters, digits, _ or -')
    .default('current'),
  PROMO_PERCENT_OFF: z.coerce.number().int().min(1).max(100).optional(),
  PROMO_ENDS_AT: z.iso.datetime({ offset: true }).optional(),
  // The support chat's optional OpenAI-compatible endpoint (docs/product.md#support-chat):
  // its base URL (…/v1, where /chat/completions is), key and model.
  CHAT_LLM_URL: z.url().optional(),
  CHAT_LLM_API_KEY: z.string().min(1).optional(),
  CHAT_LLM_MODEL: z.string().min(1).max(200).optional(),
  // Error reporting (docs/product.md#error-reporting): off without a DSN. The spec's rates are
  // the defaults; personal data and unmasked replays are the operator's choice to turn on.
  SENTRY_DSN: z.url().optional(),
  SENTRY_ENVIRONMENT: z.string().min(1).max(64).default('production'),
  SENTRY_TRACES_SAMPLE_RATE: z.coerce.number().min(0).max(1).default(1),
  SENTRY_REPLAY_ON_ERROR_SAMPLE_RATE: z.coerce.number().min(0).max(1).default(1),
  SENTRY_SEND_PII: flag.default(false),
  SENTRY_REPLAY_MASK_TEXT: flag.default(true),
  SENTRY_REPLAY_BLOCK_MEDIA: flag.default(true),
  SENTRY_TRACE_ORIGINS: z.string().optional(),
  SENTRY_MONITORED_HOSTS: z.string().optional(),
});

/** A comma-separated list of http(s) origins, each reduced to its origin. */
function originList(value: string | undefined, name: string, problems: string[]): string[] {
  const origins: string[] = [];
  for (const item of (value ?? '').split(',').map((v) => v.trim())) {
    if (!item) continue;
    try {
      const url = new URL(item);
      if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('not http(s)');
      origins.push(url.origin);
    } catch {
      problems.push(`  ${name}: ${item} is not an http(s) origin`);
    }
  }
  return origins;
}

/**
 * A comma-separated list of absolute http(s) URLs without a fragment, kept exactly as written: an
 * OAuth redirect must match one character for character.
 */
function urlList(value: string, name: string, problems: string[]): string[] {
  const urls: string[] = [];
  for (const item of value.split(',').map((v) => v.trim())) {
    if (!item) continue;
    try {
      const url = new URL(item);
      if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('not http(s)');
      if (url.hash || url.username || url.password) throw new Error('fragment or credentials');
      urls.push(item);
    } catch {
      problems.push(`  ${name}: ${item} is not an http(s) URL without a fragment`);
    }
  }
  return urls;
}

/** https, or http on this machine only (a provider tried out beside the server). */
function secureOrLoopback(value: string): boolean {
  const url = new URL(value);
  return url.protocol === 'https:' || ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

export type Config = ReturnType<typeof loadConfig>;

/**
 * Reads and validates the environment, listing every problem at once
 * (docs/adr/0007-repository-layout-and-feature-names.md).
 * The server key comes from SECRET_KEY or a file in DATA_DIR created on first start: it stays
 * outside the database, because it encrypts what the database holds.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = environmentSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const problems = [
    ...(!!e.STRIPE_SECRET_KEY !== !!e.STRIPE_WEBHOOK_SECRET
      ? ['  STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET: set both, or neither']
      : []),
    ...(!!e.PROMO_PERCENT_OFF !== !!e.PROMO_ENDS_AT
      ? ['  PROMO_PERCENT_OFF and PROMO_ENDS_AT: set both, or neither']
      : []),
    ...(!!e.CHAT_LLM_URL !== !!e.CHAT_LLM_MODEL
      ? ['  CHAT_LLM_URL and CHAT_LLM_MODEL: set both, or neither']
      : []),
    ...(new Set([!!e.OIDC_NAME, !!e.OIDC_ISSUER, !!e.OIDC_CLIENT_ID, !!e.OIDC_CLIENT_SECRET]).size >
    1
      ? ['  OIDC_NAME, OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET: set all four, or none']
      : []),
    ...(e.OIDC_ISSUER && !secureOrLoopback(e.OIDC_ISSUER)
      ? ['  OIDC_ISSUER: must be https (http only on this machine, for trying it out)']
      : []),
  ];
  const traceOrigins = originList(e.SENTRY_TRACE_ORIGINS, 'SENTRY_TRACE_ORIGINS', problems);
  const monitoredHosts = originList(e.SENTRY_MONITORED_HOSTS, 'SENTRY_MONITORED_HOSTS', problems);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  // The hosted sign-in's registered redirects: by default the web app's own pages.
  const callbackUrls = urlList(
    e.OAUTH_CALLBACK_URLS ?? `${publicUrl}/`,
    'OAUTH_CALLBACK_URLS',
    problems,
  );
  const signOutUrls = urlList(
    e.OAUTH_SIGN_OUT_URLS ?? `${publicUrl}/login`,
    'OAUTH_SIGN_OUT_URLS',
    problems,
  );
  if (problems.length > 0) throw new Error(`Invalid configuration:\n${problems.join('\n')}`);
  const dataDir = path.resolve(e.DATA_DIR);
  const embedded = !e.DATABASE_URL;
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    dataDir,
    database: e.DATABASE_URL ? { url: e.DATABASE_URL } : { dataDir: path.join(dataDir, 'pglite') },
    secretKey: e.SECRET_KEY ? Buffer.from(e.SECRET_KEY, 'hex') : readOrCreateKey(dataDir),
    userPool: {
      id: e.USER_POOL_ID,
      clientId: e.USER_POOL_CLIENT_ID,
      idTokenTtlSeconds: e.ID_TOKEN_TTL_SECONDS,
      refreshTokenTtlDays: e.REFRESH_TOKEN_TTL_DAYS,
      /** Where the hosted sign-in may send the app client back (docs/product.md#hosted-sign-in). */
      callbackUrls,
      signOutUrls,
      oauthDomain: e.OAUTH_DOMAIN,
      /** The outside OpenID Connect provider people may sign in with, if the operator set one. */
      federation:
        e.OIDC_NAME && e.OIDC_ISSUER && e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET
          ? {
              name: e.OIDC_NAME,
              issuer: e.OIDC_ISSUER,
              clientId: e.OIDC_CLIENT_ID,
              clientSecret: e.OIDC_CLIENT_SECRET,
              scopes: e.OIDC_SCOPES,
              claims: {
                email: e.OIDC_EMAIL_CLAIM,
                emailVerified: e.OIDC_EMAIL_VERIFIED_CLAIM,
                name: e.OIDC_NAME_CLAIM,
                organization: e.OIDC_ORGANIZATION_CLAIM,
              },
              createOrganizations: e.OIDC_CREATE_ORGANIZATIONS,
            }
          : undefined,
    },
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, supportEmail: e.SUPPORT_EMAIL },
    seedDemo: e.SEED_DEMO ?? embedded,
    map: {
      tileUrl: e.MAP_TILE_URL,
      tileAttribution: e.MAP_TILE_ATTRIBUTION,
      defaultImagery: e.MAP_DEFAULT_IMAGERY,
    },
    webDist: path.resolve(e.WEB_DIST ?? path.join(SERVER_DIR, '../web/dist')),
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    maxCuttingsPerYear: e.MAX_CUTTINGS_PER_YEAR,
    /** Days an authorized email's holder has to confirm it before it is Expired. */
    authorizedEmailConfirmDays: e.AUTHORIZED_EMAIL_CONFIRM_DAYS,
    convert: {
      maxUploadBytes: Math.round(e.CONVERT_MAX_UPLOAD_MB * 1_048_576),
      maxArchiveEntries: e.CONVERT_MAX_ARCHIVE_ENTRIES,
      maxExpandedBytes: Math.round(e.CONVERT_MAX_EXPANDED_MB * 1_048_576),
      timeoutMs: Math.round(e.CONVERT_TIMEOUT_SECONDS * 1000),
      workerMemoryMb: e.CONVERT_WORKER_MEMORY_MB,
      maxWaiting: e.CONVERT_MAX_WAITING,
    },
    /**
     * 'off': every month of every baler counts as active and nothing locks (one farm's server).
     * Unset, billing is on only where credits can be bought (Stripe keys).
     */
    billing: e.BILLING ?? (e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET ? 'on' : 'off'),
    /** Who vouches for a VIN at registration: its form alone, or the operator's registry. */
    balerProvider: e.BALER_PROVIDER,
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            apiUrl: new URL(e.STRIPE_API_URL),
          }
        : undefined,
    credits: { priceCents: e.CREDIT_PRICE_CENTS, currency: e.CREDIT_CURRENCY },
    promotion:
      e.PROMO_PERCENT_OFF && e.PROMO_ENDS_AT
        ? { id: e.PROMO_ID, percentOff: e.PROMO_PERCENT_OFF, endsAt: new Date(e.PROMO_ENDS_AT) }
        : undefined,
    /** Generated chat answers; without it the chat answers by retrieval alone. */
    chatLlm:
      e.CHAT_LLM_URL && e.CHAT_LLM_MODEL
        ? {
            url: e.CHAT_LLM_URL.replace(/\/$/, ''),
            apiKey: e.CHAT_LLM_API_KEY,
            model: e.CHAT_LLM_MODEL,
          }
        : undefined,
    /** Error reporting to Sentry (or a compatible service); undefined without SENTRY_DSN. */
    errorReporting: e.SENTRY_DSN
      ? {
          dsn: e.SENTRY_DSN,
          environment: e.SENTRY_ENVIRONMENT,
          tracesSampleRate: e.SENTRY_TRACES_SAMPLE_RATE,
          replayOnErrorSampleRate: e.SENTRY_REPLAY_ON_ERROR_SAMPLE_RATE,
          sendDefaultPii: e.SENTRY_SEND_PII,
          maskAllText: e.SENTRY_REPLAY_MASK_TEXT,
          blockAllMedia: e.SENTRY_REPLAY_BLOCK_MEDIA,
          /** Product origins besides PUBLIC_URL's that trace headers may go to (none else). */
          traceOrigins,
          /** Third-party origins whose failed requests (400–599) the web app reports. */
          monitoredHosts: [
            ...new Set([
              ...(e.MAP_TILE_URL ? [new URL(e.MAP_TILE_URL.replace(/[{}]/g, '')).origin] : []),
              ...monitoredHosts,
            ]),
          ],
        }
      : undefined,
  };
}

function readOrCreateKey(dataDir: string): Buffer {
  const file = path.join(dataDir, 'secret.key');
  if (fs.existsSync(file)) return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'hex');
  fs.mkdirSync(dataDir, { recursive: true });
  const key = crypto.randomBytes(32);
  fs.writeFileSync(file, key.toString('hex'), { mode: 0o600, flag: 'wx' });
  return key;
}
