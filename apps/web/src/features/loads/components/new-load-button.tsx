import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useNavigate } from 'react-router';
import { useCreateLoad } from '@/features/loads/api/create-load';
import { LoadDetailsDialog } from '@/features/loads/components/load-details-dialog';
import { changeErrorMessage } from '@/lib/change-error-message';
import { routePaths } from '@/lib/route-names';

/** "New load": its details, then its page, where bales are added. */
export function NewLoadButton() {
  const [opened, dialog] = useDisclosure(false);
  const create = useCreateLoad();
  const navigate = useNavigate();
  const close = () => {
    create.reset();
    dialog.close();
  };
  return (
    <>
      <Button onClick={dialog.open}>New load</Button>
      <LoadDetailsDialog
        opened={opened}
        onClose={close}
        title="New load"
        submitLabel="Create load"
        onSave={async (details) => {
          const load = await create.mutateAsync(details);
          await navigate(`${routePaths.loads}/${load.id}`);
        }}
        error={
          create.isError ? changeErrorMessage(create.error, 'Failed to create the load.') : null
        }
      />
    </>
  );
}
