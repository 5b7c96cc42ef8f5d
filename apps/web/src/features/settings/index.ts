// The settings feature's public entry: what other features may use (the app may import deeper).
export { useOrganizationSettings } from '@/features/settings/api/get-settings';
export { useDisplayUnits, useRfvEnabled } from '@/features/settings/hooks/use-display-units';
