// The yield feature's public entry: what other features may use (the app may import deeper).
export { FieldYieldPanel } from '@/features/yield/components/field-yield-panel';
export { YieldMapMenuItem } from '@/features/yield/components/yield-map-menu-item';
export { YieldMapMode } from '@/features/yield/components/yield-map-mode';
export { useYieldMapParams } from '@/features/yield/hooks/use-yield-map-params';
