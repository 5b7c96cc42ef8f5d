import { z } from 'zod';

// URLs are resolved against the page, so a server may also answer with paths ('/user-api').
const urlSchema = z
  .string()
  .min(1)
  .transform((value, context) => {
    try {
      return new URL(value, window.location.origin).toString();
    } catch {
      context.addIssue({ code: 'custom', message: `Not a URL: ${value}` });
      return z.NEVER;
    }
  });

// API bases lose their trailing slash so paths ('/user') join them as written.
const apiBaseSchema = urlSchema.transform((url) => url.replace(/\/+$/, ''));

/** What GET /config.json tells the web app about the deployment it runs in. */
export const runtimeConfigSchema = z.object({
  userPoolId: z.string().min(1),
  userPoolClientId: z.string().min(1),
  userPoolEndpoint: urlSchema,
  dataApiUrl: apiBaseSchema,
  userApiUrl: apiBaseSchema,
  convertApiUrl: apiBaseSchema,
  version: z.string(),
  /** Present only while the server keeps mail in its local outbox (no SMTP configured). */
  mailboxUrl: urlSchema.optional(),
  /**
   * Raster tiles (satellite imagery) drawn beneath fields and bales: an XYZ template such as
   * `https://tiles.example.com/{z}/{x}/{y}.jpg`. Kept as written: parsing it as a URL would
   * escape the braces. Absent: the bundled offline style only.
   */
  mapTileUrl: z.string().min(1).optional(),
  /** The imagery's credit line (required by most providers), shown in the map's corner. */
  mapTileAttribution: z.string().min(1).optional(),
  /** Error reporting (Sentry), present only when the server has a DSN. */
  errorReporting: z
    .object({
      dsn: z.string().min(1),
      environment: z.string(),
      release: z.string(),
      tracesSampleRate: z.number().min(0).max(1),
      replayOnErrorSampleRate: z.number().min(0).max(1),
      sendDefaultPii: z.boolean(),
      maskAllText: z.boolean(),
      blockAllMedia: z.boolean(),
      /** The product's origins: the only ones trace headers go to. */
      traceOrigins: z.array(z.string()),
      /** Third-party origins whose failed requests are reported. */
      monitoredHosts: z.array(z.string()),
    })
    .optional(),
});
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;

let loaded: RuntimeConfig | undefined;

/** Fetches and checks /config.json; called once before the app renders. */
export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  const response = await fetch('/config.json', { cache: 'no-store' });
  if (!response.ok) {
    throw new Error(`GET /config.json answered ${response.status}`);
  }
  loaded = runtimeConfigSchema.parse(await response.json());
  return loaded;
}

/** The configuration loaded at start-up. */
export function getRuntimeConfig(): RuntimeConfig {
  if (!loaded) {
    throw new Error('The runtime configuration is read before it was loaded.');
  }
  return loaded;
}
