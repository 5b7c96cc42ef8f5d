// The yield feature's public entry: what other features may use (the app may import deeper).
export { FieldYieldPanel } from '@/features/yield/components/field-yield-panel';
