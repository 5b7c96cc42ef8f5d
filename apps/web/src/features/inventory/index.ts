// The inventory feature's public entry: what other features may use (the app may import deeper).
export { InventoryValue } from '@/features/inventory/components/inventory-value';
export { PriceEditor } from '@/features/inventory/components/price-editor';
export { formatMoney } from '@/features/inventory/utils/money';
