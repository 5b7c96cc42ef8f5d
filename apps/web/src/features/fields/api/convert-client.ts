import {
  type ApiError as ApiErrorBody,
  apiErrorSchema,
} from '@baletrack/contracts/errors/api-error';
import { messages } from '@baletrack/contracts/errors/messages';
import { getRuntimeConfig } from '@/config/runtime-config';
import { ApiError } from '@/lib/api-client';
import { reportAuthFailure } from '@/lib/auth-failure';
import { readSession } from '@/lib/auth-session';

/**
 * A call to the conversion API (spec API 3): unlike the data and user APIs it takes the user
 * pool's access token as `Bearer`. Failures become the same `ApiError` the other APIs throw, so
 * screens word them the same way.
 */
export async function convertApiFetch(
  path: string,
  init: { method?: string; body?: FormData; signal?: AbortSignal } = {},
): Promise<Response> {
  const session = await readSession();
  if (!session) {
    await reportAuthFailure();
    throw new ApiError(401, { code: 'UNAUTHORIZED', message: messages.auth.refreshFailed });
  }
  let response: Response;
  try {
    response = await fetch(`${getRuntimeConfig().convertApiUrl}${path}`, {
      method: init.method ?? 'GET',
      headers: { Authorization: `Bearer ${session.accessToken}` },
      body: init.body,
      signal: init.signal,
    });
  } catch (error) {
    if (init.signal?.aborted) throw error;
    throw new ApiError(0, { code: 'NETWORK', message: messages.generic });
  }
  if (!response.ok) {
    if (response.status === 401) await reportAuthFailure();
    throw new ApiError(response.status, await errorBody(response));
  }
  return response;
}

async function errorBody(response: Response): Promise<ApiErrorBody> {
  const parsed = apiErrorSchema.safeParse(await response.json().catch(() => undefined));
  return parsed.success
    ? parsed.data
    : { code: `HTTP_${response.status}`, message: messages.generic };
}
