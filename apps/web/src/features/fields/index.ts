// The fields feature's public entry: what other features may use (the app may import deeper).
export { useFields } from '@/features/fields/api/get-fields';
export { fieldsBounds } from '@/features/fields/utils/field-features';
