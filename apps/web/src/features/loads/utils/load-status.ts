import type { LoadStatus } from '@baletrack/contracts/loads/loads';

/** A load's status as the grower reads it, on its badge. */
export const loadStatusLabel: Record<LoadStatus, string> = {
  open: 'Open',
  ready: 'Ready to ship',
  shipped: 'Shipped',
};

/** The badge's colour; the label says the status, the colour only helps the eye. */
export const loadStatusColor: Record<LoadStatus, string> = {
  open: 'blue',
  ready: 'teal',
  shipped: 'gray',
};
