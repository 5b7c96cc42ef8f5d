import { roleOf } from '@baletrack/contracts/identity/roles';
import {
  type UserGroup,
  userGroups,
  userStatusByPoolStatus,
} from '@baletrack/contracts/identity/user';
import type { SubAccount } from '@baletrack/contracts/users/sub-account';

/** A users row as the user API shows it: pool status mapped, unknown groups dropped. */
export function toUserView(user: {
  id: string;
  email: string;
  name: string;
  status: string;
  enabled: boolean;
  groups: string[];
}): SubAccount {
  return {
    id: user.id,
    email: user.email,
    // Owners may register without a name.
    name: user.name || null,
    groups: user.groups.filter((g): g is UserGroup =>
      (userGroups as readonly string[]).includes(g),
    ),
    role: roleOf(user.groups),
    status: userStatusByPoolStatus[user.status as keyof typeof userStatusByPoolStatus],
    enabled: user.enabled,
  };
}
