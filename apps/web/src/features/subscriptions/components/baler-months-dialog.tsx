import { Modal } from '@mantine/core';
import { BalerMonthsGrid } from '@/features/subscriptions/components/baler-months-grid';

interface BalerMonthsDialogProps {
  baler: { id: string; name: string } | null;
  canModify: boolean;
  onClose: () => void;
}

/** One baler's month grid over another screen (Baler Settings). */
export function BalerMonthsDialog({ baler, canModify, onClose }: BalerMonthsDialogProps) {
  return (
    <Modal
      opened={baler !== null}
      onClose={onClose}
      title={baler ? `Subscription months: ${baler.name}` : ''}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {baler && <BalerMonthsGrid balerId={baler.id} canModify={canModify} />}
    </Modal>
  );
}
