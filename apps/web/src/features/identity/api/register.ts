import {
  type RegisterRequest,
  type RegisterResponse,
  registerResponseSchema,
} from '@baletrack/contracts/identity/register';
import { userApi } from '@/lib/api-client';

/** Creates the organization and its owner; the owner then confirms the emailed code. */
export async function register(request: RegisterRequest): Promise<RegisterResponse> {
  const body = await userApi.post('/public/user/register', { body: request, anonymous: true });
  return registerResponseSchema.parse(body);
}
