import {
  type CloseAccountResponse,
  closeAccountResponseSchema,
  type DeleteAccountRequest,
} from '@baletrack/contracts/account/account';
import { useMutation } from '@tanstack/react-query';
import { userApi } from '@/lib/api-client';

/**
 * DELETE /user/close-account: the server mails the data export, then deletes the organization
 * and everyone in it (docs/product.md#account).
 */
export async function closeAccount(request: DeleteAccountRequest): Promise<CloseAccountResponse> {
  return closeAccountResponseSchema.parse(
    await userApi.delete('/user/close-account', { body: request }),
  );
}

export function useCloseAccount() {
  return useMutation({ mutationFn: closeAccount });
}
