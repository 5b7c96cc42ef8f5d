// The summaries feature's public entry: what other features may use (the app may import deeper).
export { useSummary } from '@/features/summaries/api/get-summary';
export { useSummaryGroups } from '@/features/summaries/api/get-summary-groups';
export { GradeBars } from '@/features/summaries/components/grade-bars';
export { SummaryFigures } from '@/features/summaries/components/summary-figures';
