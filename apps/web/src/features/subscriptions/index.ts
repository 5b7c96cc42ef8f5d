// The subscriptions feature's public entry: what other features may use (the app may import deeper).
export { usePricing } from '@/features/subscriptions/api/get-pricing';
export { useWallet } from '@/features/subscriptions/api/get-wallet';
export { BalerMonthsDialog } from '@/features/subscriptions/components/baler-months-dialog';
