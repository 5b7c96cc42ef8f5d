import {
  type ApiError as ApiErrorBody,
  apiErrorSchema,
} from '@baletrack/contracts/errors/api-error';
import { messages } from '@baletrack/contracts/errors/messages';
import { isAdmin, ORGANIZATION_ID_HEADER } from '@baletrack/contracts/identity/user';
import { getRuntimeConfig } from '@/config/runtime-config';
import { reportAuthFailure } from '@/lib/auth-failure';
import { readSession } from '@/lib/auth-session';
import { getSelectedOrganizationId } from '@/lib/selected-organization';

/** A non-OK answer (or no answer) from the data or user API, carrying the parsed body. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    /** HTTP status; 0 when the request never got an answer. */
    readonly status: number,
    readonly body: ApiErrorBody,
  ) {
    super(body.message);
  }
}

type Api = 'data' | 'user';
type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  query?: Record<string, QueryValue | QueryValue[]>;
  /** Sent as JSON. */
  body?: unknown;
  signal?: AbortSignal;
  /** Public endpoints (`/public/...`) are called without a session. */
  anonymous?: boolean;
  /**
   * A 401 is the caller's to handle instead of signing out: the account-closing screen polls its
   * export while the account is deleted, and must stay to show its success.
   */
  keepSessionOn401?: boolean;
}

/** A file an API answered with (a report), and the name its Content-Disposition gives. */
export interface ApiFile {
  blob: Blob;
  contentDisposition: string | null;
}

function baseUrl(api: Api): string {
  const config = getRuntimeConfig();
  return api === 'data' ? config.dataApiUrl : config.userApiUrl;
}

function buildUrl(api: Api, path: string, query: RequestOptions['query']): string {
  const url = new URL(baseUrl(api) + path);
  for (const [key, value] of Object.entries(query ?? {})) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== undefined && item !== null) {
        url.searchParams.append(key, String(item));
      }
    }
  }
  return url.toString();
}

// docs/product.md#calling-conventions: the id token goes in Authorization as it is (no 'Bearer'),
// refreshed before each call; admins also name the organization they act on.
async function authHeaders(): Promise<Record<string, string>> {
  const session = await readSession();
  if (!session) {
    await reportAuthFailure();
    throw new ApiError(401, { code: 'UNAUTHORIZED', message: messages.auth.refreshFailed });
  }
  const headers: Record<string, string> = { Authorization: session.idToken };
  const organizationId = getSelectedOrganizationId();
  if (isAdmin(session.groups) && organizationId) {
    headers[ORGANIZATION_ID_HEADER] = organizationId;
  }
  return headers;
}

/** The error body of a refused answer, or a generic one when it has none. */
export async function errorBody(response: Response): Promise<ApiErrorBody> {
  const parsed = apiErrorSchema.safeParse(await response.json().catch(() => undefined));
  return parsed.success
    ? parsed.data
    : { code: `HTTP_${response.status}`, message: messages.generic };
}

async function send(
  api: Api,
  method: string,
  path: string,
  options: RequestOptions = {},
): Promise<Response> {
  const headers: Record<string, string> = options.anonymous ? {} : await authHeaders();
  if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
  }

  let response: Response;
  try {
    response = await fetch(buildUrl(api, path, options.query), {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if (options.signal?.aborted) {
      throw error;
    }
    throw new ApiError(0, { code: 'NETWORK', message: messages.generic });
  }

  if (!response.ok) {
    const body = await errorBody(response);
    if (response.status === 401 && !options.anonymous && !options.keepSessionOn401) {
      // 'Invalid auth tokens': the session is no longer accepted (docs/product.md#navigation-rule).
      await reportAuthFailure();
    }
    throw new ApiError(response.status, body);
  }
  return response;
}

async function request(
  api: Api,
  method: string,
  path: string,
  options: RequestOptions = {},
): Promise<unknown> {
  const response = await send(api, method, path, options);
  if (response.status === 204) {
    return undefined;
  }
  const text = await response.text();
  return text === '' ? undefined : JSON.parse(text);
}

function client(api: Api) {
  return {
    get: (path: string, options?: RequestOptions) => request(api, 'GET', path, options),
    post: (path: string, options?: RequestOptions) => request(api, 'POST', path, options),
    put: (path: string, options?: RequestOptions) => request(api, 'PUT', path, options),
    patch: (path: string, options?: RequestOptions) => request(api, 'PATCH', path, options),
    delete: (path: string, options?: RequestOptions) => request(api, 'DELETE', path, options),
    /** GET a file (a CSV report) with the same session, headers and errors as every call. */
    file: async (path: string, options?: RequestOptions): Promise<ApiFile> => {
      const response = await send(api, 'GET', path, options);
      return {
        blob: await response.blob(),
        contentDisposition: response.headers.get('content-disposition'),
      };
    },
  };
}

/** Spec API 1: bales, fields, cuttings, crops, filters, reports. */
export const dataApi = client('data');
/** Spec API 2: users, organizations, balers, subscriptions, registration. */
export const userApi = client('user');

/** True for an ApiError with one of the given statuses. */
export function isApiError(error: unknown, ...statuses: number[]): error is ApiError {
  return error instanceof ApiError && (statuses.length === 0 || statuses.includes(error.status));
}
