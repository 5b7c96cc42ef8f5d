import { type BalerValidation, balerValidationSchema } from '@baletrack/contracts/balers/baler';
import { useMutation } from '@tanstack/react-query';
import { userApi } from '@/lib/api-client';

/**
 * GET /machines/validate: the connectivity provider's verdict on a VIN without registering it.
 * A refusal is the same error POST /machines would answer.
 */
export async function validateBaler(vin: string): Promise<BalerValidation> {
  return balerValidationSchema.parse(await userApi.get('/machines/validate', { query: { vin } }));
}

// A mutation, not a query: the owner asks on demand, and the answer must not be cached as
// if it stayed true (another account may register the VIN a minute later).
export function useValidateBaler() {
  return useMutation({ mutationFn: validateBaler });
}
