import { type Crop, saveCropQuerySchema } from '@baletrack/contracts/crops/crop';
import { messages } from '@baletrack/contracts/errors/messages';
import { Button, Group, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useUpdateCrop } from '@/features/crops/api/update-crop';
import { CropRemovalForm, CropRemovalLine } from '@/features/crops/components/crop-removal';
import { useMay } from '@/features/users';
import { changeErrorMessage } from '@/lib/change-error-message';

interface CropRowProps {
  crop: Crop;
  deleting: boolean;
  /** Resolves true once deleted. */
  onDelete: () => Promise<boolean>;
}

type State = 'view' | 'rename' | 'rates' | 'confirm';

/**
 * One crop: its name, renamed in place, and its removal rates, set in place; deleting asks first;
 * a viewer only reads it.
 */
export function CropRow({ crop, deleting, onDelete }: CropRowProps) {
  const rename = useUpdateCrop();
  const canChange = useMay()('farmData');
  const [state, setState] = useState<State>('view');
  const [name, setName] = useState(crop.name);
  const [nameError, setNameError] = useState<string>();

  const saveName = async () => {
    rename.reset();
    const checked = saveCropQuerySchema.safeParse({ name });
    setNameError(checked.error?.issues[0]?.message);
    if (!checked.success) return;
    try {
      await rename.mutateAsync({ id: crop.id, name: checked.data.name });
      setState('view');
    } catch {
      // shown below
    }
  };
  const cancel = () => {
    rename.reset();
    setName(crop.name);
    setNameError(undefined);
    setState('view');
  };

  return (
    <Group
      role="listitem"
      aria-label={crop.name}
      justify="space-between"
      wrap="wrap"
      px="sm"
      py={6}
      style={{ borderBottom: '1px solid #f1f3f5' }}
    >
      {state === 'rename' ? (
        <TextInput
          aria-label={`New name for ${crop.name}`}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={
            nameError ??
            (rename.isError
              ? changeErrorMessage(rename.error, messages.fieldCuttingCrop.crop.updateFailed)
              : undefined)
          }
          size="xs"
          style={{ flex: 1 }}
        />
      ) : state === 'rates' ? (
        <CropRemovalForm
          crop={crop}
          saving={rename.isPending}
          error={
            rename.isError
              ? changeErrorMessage(rename.error, messages.fieldCuttingCrop.crop.updateFailed)
              : undefined
          }
          onSave={(removal) =>
            void rename
              .mutateAsync({ id: crop.id, name: crop.name, removal })
              .then(cancel)
              .catch(() => undefined)
          }
          onCancel={cancel}
        />
      ) : (
        // Takes the row's width, so on a narrow column the buttons go below it.
        <div style={{ flex: '1 1 220px', minWidth: 0 }}>
          <Text fw={500}>{crop.name}</Text>
          <CropRemovalLine crop={crop} />
        </div>
      )}
      <Group gap="xs" wrap="nowrap">
        {state === 'rename' && (
          <>
            <Button size="xs" onClick={() => void saveName()} loading={rename.isPending}>
              Save
            </Button>
            <Button size="xs" variant="default" onClick={cancel}>
              Cancel
            </Button>
          </>
        )}
        {state === 'confirm' && (
          <>
            <Button
              size="xs"
              color="red"
              loading={deleting}
              onClick={() => void onDelete().then((deleted) => deleted || setState('view'))}
            >
              Delete {crop.name}
            </Button>
            <Button size="xs" variant="default" onClick={() => setState('view')}>
              Keep
            </Button>
          </>
        )}
        {state === 'view' && canChange && (
          <>
            <Button size="xs" variant="default" onClick={() => setState('rename')}>
              Rename
            </Button>
            <Button size="xs" variant="default" onClick={() => setState('rates')}>
              Removal rates
            </Button>
            <Button size="xs" variant="subtle" color="red" onClick={() => setState('confirm')}>
              Delete
            </Button>
          </>
        )}
      </Group>
    </Group>
  );
}
