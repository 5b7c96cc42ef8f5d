// The balers feature's public entry: what other features may use (the app may import deeper).
export { balersKeys } from '@/features/balers/api/balers-keys';
export { useBalers } from '@/features/balers/api/get-balers';
