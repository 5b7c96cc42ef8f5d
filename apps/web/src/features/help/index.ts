// The help feature's public entry: what other features may use (the app may import deeper).
export { HelpLink } from '@/features/help/components/help-link';
