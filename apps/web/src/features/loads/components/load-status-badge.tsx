import type { LoadStatus } from '@baletrack/contracts/loads/loads';
import { Badge } from '@mantine/core';
import { loadStatusColor, loadStatusLabel } from '@/features/loads/utils/load-status';

/** A load's status in words, on a badge. */
export function LoadStatusBadge({ status }: { status: LoadStatus }) {
  return (
    <Badge color={loadStatusColor[status]} variant="light">
      {loadStatusLabel[status]}
    </Badge>
  );
}
