import { isAuthorizedUser } from '@baletrack/contracts/identity/user';
import type { Principal } from '../app-context.ts';
import { AppError } from './app-error.ts';

/**
 * Refuses (403, with the rule's own words) anyone but the organization's owner or a SuperAdmin
 * acting for it (docs/product.md#roles). Every owner-only action asks here.
 * @example assertOwner(principal, messages.roles.ownerOnlyUsers)
 */
export function assertOwner(principal: Pick<Principal, 'groups'>, message: string): void {
  if (!isAuthorizedUser(principal.groups)) throw new AppError('FORBIDDEN', message);
}
