// The loads feature's public entry: what other features may use (the app may import deeper).
export { AddToLoad } from '@/features/loads/components/add-to-load';
