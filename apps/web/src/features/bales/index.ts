// The bales feature's public entry: what other features may use (the app may import deeper).
export { baleInfoQueryOptions, useBaleInfo } from '@/features/bales/api/get-bale-info';
export { useBalesInView } from '@/features/bales/api/get-bales-in-view';
export { stackInfoQueryOptions } from '@/features/bales/api/get-stack-info';
export { useFieldNames } from '@/features/bales/hooks/use-field-names';
export { type BaleName, baleName, byCreationTime } from '@/features/bales/utils/bale-name';
