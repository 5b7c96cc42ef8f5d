// Checked by hand, not with zod: the entry loads this before the sign-in screen, whose first
// visit carries no schema library (docs/adr/0016-code-splitting-and-compression.md). The rules are
// those the zod schema had: required strings non-empty, URLs resolved against the page (a server
// may answer with paths such as '/user-api'), API bases without a trailing slash.

/** Error reporting (Sentry), present only when the server has a DSN. */
export interface ErrorReportingConfig {
  dsn: string;
  environment: string;
  release: string;
  tracesSampleRate: number;
  replayOnErrorSampleRate: number;
  sendDefaultPii: boolean;
  maskAllText: boolean;
  blockAllMedia: boolean;
  /** The product's origins: the only ones trace headers go to. */
  traceOrigins: string[];
  /** Third-party origins whose failed requests are reported. */
  monitoredHosts: string[];
}

/**
 * The user pool's hosted sign-in (docs/product.md#hosted-sign-in), present only when the operator
 * enabled it for the web app.
 */
export interface OAuthConfig {
  /** Host and path without the scheme: Amplify always puts `https://` before it. */
  domain: string;
  scopes: string[];
  /** Kept as written: the pool matches a redirect character for character. */
  redirectSignIn: string[];
  redirectSignOut: string[];
  /** Outside identity providers by name, each a "Sign in with <name>" button; may be empty. */
  providers: string[];
}

/** What GET /config.json tells the web app about the deployment it runs in. */
export interface RuntimeConfig {
  userPoolId: string;
  userPoolClientId: string;
  userPoolEndpoint: string;
  dataApiUrl: string;
  userApiUrl: string;
  convertApiUrl: string;
  version: string;
  /** Present only while the server keeps mail in its local outbox (no SMTP configured). */
  mailboxUrl?: string | undefined;
  /**
   * Raster tiles (satellite imagery) drawn beneath fields and bales: an XYZ template such as
   * `https://tiles.example.com/{z}/{x}/{y}.jpg`. Kept as written: parsing it as a URL would
   * escape the braces. Absent: the bundled offline style only.
   */
  mapTileUrl?: string | undefined;
  /** The imagery's credit line (required by most providers), shown in the map's corner. */
  mapTileAttribution?: string | undefined;
  /** False when the operator turned the default imagery off (MAP_DEFAULT_IMAGERY=false). */
  mapDefaultImagery?: boolean | undefined;
  errorReporting?: ErrorReportingConfig | undefined;
  oauth?: OAuthConfig | undefined;
}

type Json = Record<string, unknown>;

function fail(path: string, problem: string): never {
  throw new Error(`/config.json: ${path} ${problem}`);
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(from: Json, key: string, { nonEmpty = true } = {}): string {
  const value = from[key];
  if (typeof value !== 'string' || (nonEmpty && value === '')) {
    fail(key, nonEmpty ? 'must be a non-empty string' : 'must be a string');
  }
  return value;
}

function optionalText(from: Json, key: string): string | undefined {
  return from[key] === undefined ? undefined : text(from, key);
}

function url(from: Json, key: string): string {
  const value = text(from, key);
  try {
    return new URL(value, window.location.origin).toString();
  } catch {
    return fail(key, `is not a URL: ${value}`);
  }
}

const apiBase = (from: Json, key: string) => url(from, key).replace(/\/+$/, '');

function rate(from: Json, key: string): number {
  const value = from[key];
  if (typeof value !== 'number' || !(value >= 0 && value <= 1)) fail(key, 'must be from 0 to 1');
  return value;
}

function flag(from: Json, key: string): boolean {
  const value = from[key];
  if (typeof value !== 'boolean') fail(key, 'must be true or false');
  return value;
}

function texts(from: Json, key: string): string[] {
  const value = from[key];
  if (!Array.isArray(value) || !value.every((item) => typeof item === 'string')) {
    fail(key, 'must be a list of strings');
  }
  return value;
}

function errorReporting(value: unknown): ErrorReportingConfig | undefined {
  if (value === undefined) return undefined;
  if (!isObject(value)) fail('errorReporting', 'must be an object');
  return {
    dsn: text(value, 'dsn'),
    environment: text(value, 'environment', { nonEmpty: false }),
    release: text(value, 'release', { nonEmpty: false }),
    tracesSampleRate: rate(value, 'tracesSampleRate'),
    replayOnErrorSampleRate: rate(value, 'replayOnErrorSampleRate'),
    sendDefaultPii: flag(value, 'sendDefaultPii'),
    maskAllText: flag(value, 'maskAllText'),
    blockAllMedia: flag(value, 'blockAllMedia'),
    traceOrigins: texts(value, 'traceOrigins'),
    monitoredHosts: texts(value, 'monitoredHosts'),
  };
}

function oauth(value: unknown): OAuthConfig | undefined {
  if (value === undefined) return undefined;
  if (!isObject(value)) fail('oauth', 'must be an object');
  const domain = text(value, 'domain');
  if (domain.includes('://')) fail('oauth.domain', 'must be a host and path without a scheme');
  const redirectSignIn = texts(value, 'redirectSignIn');
  if (redirectSignIn.length === 0) fail('oauth.redirectSignIn', 'must name at least one URL');
  const providers = texts(value, 'providers');
  if (providers.includes('')) fail('oauth.providers', 'must not hold an empty name');
  return {
    domain: domain.replace(/\/+$/, ''),
    scopes: texts(value, 'scopes'),
    redirectSignIn,
    // May be empty: signing out then says that no address is registered.
    redirectSignOut: texts(value, 'redirectSignOut'),
    providers,
  };
}

/** Checks the body of /config.json; throws naming the first field that is wrong. */
export function parseRuntimeConfig(body: unknown): RuntimeConfig {
  if (!isObject(body)) fail('the body', 'must be an object');
  return {
    userPoolId: text(body, 'userPoolId'),
    userPoolClientId: text(body, 'userPoolClientId'),
    userPoolEndpoint: url(body, 'userPoolEndpoint'),
    dataApiUrl: apiBase(body, 'dataApiUrl'),
    userApiUrl: apiBase(body, 'userApiUrl'),
    convertApiUrl: apiBase(body, 'convertApiUrl'),
    version: text(body, 'version', { nonEmpty: false }),
    mailboxUrl: body.mailboxUrl === undefined ? undefined : url(body, 'mailboxUrl'),
    mapTileUrl: optionalText(body, 'mapTileUrl'),
    mapTileAttribution: optionalText(body, 'mapTileAttribution'),
    mapDefaultImagery:
      body.mapDefaultImagery === undefined ? undefined : flag(body, 'mapDefaultImagery'),
    errorReporting: errorReporting(body.errorReporting),
    oauth: oauth(body.oauth),
  };
}

let loaded: RuntimeConfig | undefined;

/** Fetches and checks /config.json; called once before the app renders. */
export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  const response = await fetch('/config.json', { cache: 'no-store' });
  if (!response.ok) {
    throw new Error(`GET /config.json answered ${response.status}`);
  }
  loaded = parseRuntimeConfig(await response.json());
  return loaded;
}

/** The configuration loaded at start-up. */
export function getRuntimeConfig(): RuntimeConfig {
  if (!loaded) {
    throw new Error('The runtime configuration is read before it was loaded.');
  }
  return loaded;
}
