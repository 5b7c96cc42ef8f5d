import type { Baler } from '@baletrack/contracts/balers/baler';
import { messages } from '@baletrack/contracts/errors/messages';
import { notifications } from '@mantine/notifications';
import { RowActions } from '@/components/row-actions';
import { useSetBalerActive } from '@/features/balers/api/set-baler-active';
import { balerErrorMessage } from '@/features/balers/utils/baler-error-message';

export interface BalerActionsProps {
  baler: Baler;
  /** Sub-users see every control, disabled, with the reason on hover. */
  canModify: boolean;
  /** Its subscription months, which everyone may look at. */
  onMonths: (baler: Baler) => void;
  onRename: (baler: Baler) => void;
  onRotateKey: (baler: Baler) => void;
  onRemove: (baler: Baler) => void;
}

/** The owner's controls for one baler, its row's last cell; switching on or off is unconfirmed. */
export function BalerActions({
  baler,
  canModify,
  onMonths,
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
  const disabled = !canModify;

  return (
    <RowActions
      label={`Actions for baler ${baler.name}`}
      note={messages.roles.ownerOnlyBalers}
      actions={[
        { label: 'Months', onClick: () => onMonths(baler) },
        { label: 'Rename', onClick: () => onRename(baler), disabled },
        {
          label: baler.active ? 'Deactivate' : 'Activate',
          onClick: toggle,
          disabled,
          loading: setActive.isPending,
        },
        { label: 'New key', onClick: () => onRotateKey(baler), disabled },
        {
          label: 'Remove',
          onClick: () => onRemove(baler),
          disabled,
          color: 'red',
          variant: 'light',
        },
      ]}
    />
  );
}
