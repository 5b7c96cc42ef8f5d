import type { Baler } from '@baletrack/contracts/balers/baler';
import { Button, type ButtonProps, Group } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { useSetBalerActive } from '@/features/balers/api/set-baler-active';
import { OwnerOnly } from '@/features/balers/components/owner-only';
import { balerErrorMessage } from '@/features/balers/utils/baler-error-message';

export interface BalerActionsProps {
  baler: Baler;
  /** Sub-users see every control, disabled, with the reason on hover. */
  canModify: boolean;
  onRename: (baler: Baler) => void;
  onRotateKey: (baler: Baler) => void;
  onRemove: (baler: Baler) => void;
}

/** The owner's controls for one baler; switching on or off needs no confirmation. */
export function BalerActions({
  baler,
  canModify,
  onRename,
  onRotateKey,
  onRemove,
}: BalerActionsProps) {
  const setActive = useSetBalerActive();
  const toggle = () =>
    setActive.mutate(
      { id: baler.id, active: !baler.active },
      {
        onSuccess: (changed) =>
          notifications.show({
            color: 'green',
            message: changed.active
              ? `${changed.name} is active: its bales are accepted.`
              : `${changed.name} is inactive: its bales are refused until it is switched on.`,
          }),
        onError: (error) => notifications.show({ color: 'red', message: balerErrorMessage(error) }),
      },
    );
  const control = (label: string, onClick: () => void, extra: ButtonProps = {}): ReactNode => (
    <OwnerOnly allowed={canModify}>
      <Button size="xs" variant="default" disabled={!canModify} onClick={onClick} {...extra}>
        {label}
      </Button>
    </OwnerOnly>
  );

  return (
    <Group gap="xs" justify="flex-end" wrap="nowrap">
      {control('Rename', () => onRename(baler))}
      {control(baler.active ? 'Deactivate' : 'Activate', toggle, { loading: setActive.isPending })}
      {control('New key', () => onRotateKey(baler))}
      {control('Remove', () => onRemove(baler), { color: 'red', variant: 'light' })}
    </Group>
  );
}
