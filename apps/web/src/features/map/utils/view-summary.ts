import type { ClustersResponse } from '@baletrack/contracts/map/map';
import { baleTotal } from '@/features/map/utils/map-features';
import { formatCount } from '@/lib/format';

/**
 * One sentence saying what the map draws, for screen readers and tests (the map itself is a
 * WebGL canvas): '1,234 bales in view: 56 clusters, 12 loose bales and 3 stacks'.
 */
export function viewSummary(items: ClustersResponse | undefined): string {
  if (!items) return 'Loading bales…';
  const total = baleTotal(items);
  if (total === 0) return 'No bales in view.';
  const parts = [
    items.clusters.length > 0 && formatCount(items.clusters.length, 'cluster', 'clusters'),
    items.bales.length > 0 && formatCount(items.bales.length, 'loose bale', 'loose bales'),
    items.stacks.length > 0 && formatCount(items.stacks.length, 'stack', 'stacks'),
  ].filter((part): part is string => part !== false);
  const last = parts.pop();
  const list = parts.length > 0 ? `${parts.join(', ')} and ${last}` : last;
  return `${formatCount(total, 'bale', 'bales')} in view: ${list}`;
}
