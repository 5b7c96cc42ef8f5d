// The users feature's public entry: what other features may use (the app may import deeper).
export { useCurrentUser } from '@/features/users/api/get-current-user';
export { useOrganization } from '@/features/users/api/get-organization';
export { useSubAccounts } from '@/features/users/api/get-sub-accounts';
export { useMay, useRole } from '@/features/users/hooks/use-may';
