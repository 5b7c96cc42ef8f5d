// What may leave for the error-reporting service (docs/product.md#error-reporting): never a
// token, password, code, key or request body, whatever the SDK collected. Both apps pass every
// event through `scrubReport` before it is sent.

const FILTERED = '[Filtered]';

/** Keys whose values are secrets wherever they appear (headers, query, contexts, extra). */
const SECRET_KEY =
  /^(authorization|cookies?|set-cookie|x-api-key|api[-_]?key|password|new[-_]?password|previous[-_]?password|secret|client[-_]?secret|(id|access|refresh)?[-_]?token|code|confirmation[-_]?code|srp[-_]?a|x-amz-security-token)$/i;

/** Keys that hold whole request or response bodies. */
const BODY_KEY = /^(data|body|request_body|response_body)$/i;

const JWT = /\beyJ[\w-]{5,}\.[\w-]{5,}\.[\w-]{5,}/g;
const INGEST_KEY = /\bbt_[\w-]{20,}/g;
const STRIPE_KEY = /\b(sk|rk|whsec)_[\w]{6,}/g;
const SECRET_PARAM =
  /((?:^|[?&;])(?:token|code|password|key|api_key|access_token|id_token|refresh_token)=)[^&#\s"']*/gi;
const BEARER = /\b(Bearer)\s+[\w.~+/-]+=*/gi;

function scrubString(text: string): string {
  return text
    .replace(JWT, FILTERED)
    .replace(INGEST_KEY, FILTERED)
    .replace(STRIPE_KEY, FILTERED)
    .replace(SECRET_PARAM, `$1${FILTERED}`)
    .replace(BEARER, `$1 ${FILTERED}`);
}

function scrub(value: unknown, inRequest: boolean, depth: number): unknown {
  if (typeof value === 'string') return scrubString(value);
  if (value === null || typeof value !== 'object' || depth > 20) return value;
  if (Array.isArray(value)) return value.map((item) => scrub(item, inRequest, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (SECRET_KEY.test(key) && (typeof item === 'string' || typeof item === 'number')) {
      out[key] = FILTERED;
    } else if (inRequest && BODY_KEY.test(key)) {
      // A request's body is never sent: it may hold a password, a code or a grower's data.
    } else {
      out[key] = scrub(item, inRequest || key === 'request' || key === 'response', depth + 1);
    }
  }
  return out;
}

/**
 * An error-reporting event (or any part of one) without secrets: tokens (JWTs, Bearer, the
 * balers' `bt_` keys, Stripe keys), secret query parameters and header or field values, and
 * request or response bodies are removed or replaced by '[Filtered]'.
 * @example scrubReport({ request: { url: '/x?code=123456', data: '{"password":"p"}' } })
 * // { request: { url: '/x?code=[Filtered]' } }
 */
export function scrubReport<T>(event: T): T {
  return scrub(event, false, 0) as T;
}

/**
 * The SDKs' data collection (Sentry's `dataCollection`): bodies, cookies, query parameters,
 * headers, database values and local variables are never collected; who the user is (id, email,
 * address) only when the operator turns personal data on.
 */
export function errorReportDataCollection(personalData: boolean) {
  return {
    userInfo: personalData,
    cookies: false,
    httpHeaders: false,
    httpBodies: [] as never[],
    urlQueryParams: false,
    databaseQueryData: false,
    queues: false,
    genAI: { inputs: false, outputs: false },
  };
}
