import { createLoadLinkSchema } from '@baletrack/contracts/loads/loads';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Stack,
  TextInput,
  Title,
} from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useCreateLoadLink } from '@/features/loads/api/create-load-link';
import { CopyLinkButton } from '@/features/loads/components/copy-link-button';
import { changeErrorMessage } from '@/lib/change-error-message';

/** Days a new link lasts unless the grower says otherwise: two weeks to look and decide. */
const DEFAULT_DAYS = 14;

/** "Share with the buyer": a new link, its days and whether it names the farm; then its address. */
export function ShareLinkForm({ loadId }: { loadId: string }) {
  const create = useCreateLoadLink(loadId);
  const [days, setDays] = useState<number | string>(DEFAULT_DAYS);
  const [showFarmName, setShowFarmName] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.reset();
    const parsed = createLoadLinkSchema.safeParse({
      days: days === '' ? Number.NaN : Number(days),
      showFarmName,
    });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Check the days.');
      return;
    }
    setProblem(null);
    create.mutate(parsed.data);
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Share with the buyer">
      <Stack gap="xs">
        <Title order={3} size="h5">
          Share with the buyer
        </Title>
        <Group align="flex-end" gap="sm">
          <NumberInput
            label="Days the link lasts"
            min={1}
            max={90}
            allowDecimal={false}
            value={days}
            onChange={setDays}
            error={problem}
            w={160}
          />
          <Checkbox
            label="Show the farm's name"
            checked={showFarmName}
            onChange={(event) => setShowFarmName(event.currentTarget.checked)}
            mb={8}
          />
          <Button type="submit" loading={create.isPending}>
            Make a link
          </Button>
        </Group>
        {create.isError && (
          <Alert color="red" variant="light" role="alert" py={6}>
            {changeErrorMessage(create.error, 'Failed to make the link.')}
          </Alert>
        )}
        {create.data && (
          <Group align="flex-end" gap="xs" wrap="nowrap">
            <TextInput
              label="The buyer's link"
              value={create.data.url}
              readOnly
              onFocus={(event) => event.currentTarget.select()}
              style={{ flex: 1, minWidth: 0 }}
            />
            <CopyLinkButton url={create.data.url} />
          </Group>
        )}
      </Stack>
    </form>
  );
}
