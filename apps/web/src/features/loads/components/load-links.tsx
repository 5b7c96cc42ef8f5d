import type { LoadLink } from '@baletrack/contracts/loads/loads';
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useRevokeLoadLink } from '@/features/loads/api/revoke-load-link';
import { CopyLinkButton } from '@/features/loads/components/copy-link-button';
import { ShareLinkForm } from '@/features/loads/components/share-link-form';
import { type LinkState, linkState } from '@/features/loads/utils/link-state';
import { changeErrorMessage } from '@/lib/change-error-message';
import { formatCount, formatLongDate } from '@/lib/format';

const stateLabel: Record<LinkState, string> = {
  live: 'Open',
  expired: 'Expired',
  revoked: 'Revoked',
};
const stateColor: Record<LinkState, string> = { live: 'green', expired: 'gray', revoked: 'gray' };

function LinkItem({ link, onRevoke }: { link: LoadLink; onRevoke: () => void }) {
  const state = linkState(link);
  const opened =
    link.openCount === 0
      ? 'Not opened yet'
      : `Opened ${formatCount(link.openCount, 'time', 'times')}${link.lastOpenedAt ? `, last ${formatLongDate(link.lastOpenedAt)}` : ''}`;
  const label = `Link made ${formatLongDate(link.createdAt)}`;
  return (
    <Card withBorder component="li" padding="sm" aria-label={label}>
      <Group justify="space-between" align="flex-start" gap="xs">
        <Stack gap={2} miw={0}>
          <Group gap="xs">
            <Text size="sm" fw={600}>
              {label}
            </Text>
            <Badge color={stateColor[state]} variant="light">
              {stateLabel[state]}
            </Badge>
          </Group>
          <Text size="xs" c="dimmed">
            {state === 'revoked' && link.revokedAt
              ? `Revoked ${formatLongDate(link.revokedAt)}`
              : `${state === 'expired' ? 'Expired' : 'Expires'} ${formatLongDate(link.expiresAt)}`}{' '}
            · {link.showFarmName ? "Shows the farm's name" : "Without the farm's name"} · {opened}
          </Text>
        </Stack>
        {state === 'live' && (
          <Group gap="xs">
            <CopyLinkButton url={link.url} />
            <Button size="xs" variant="subtle" color="red" onClick={onRevoke}>
              Revoke
            </Button>
          </Group>
        )}
      </Group>
    </Card>
  );
}

/**
 * The buyer's links to a load (owner or manager): each with its days, whether it still opens and
 * how often it was opened; a live one copied or revoked, and a new one made.
 */
export function LoadLinks({ loadId, links }: { loadId: string; links: LoadLink[] }) {
  const revoke = useRevokeLoadLink(loadId);
  const [revoking, setRevoking] = useState<LoadLink | null>(null);
  const close = () => {
    revoke.reset();
    setRevoking(null);
  };
  return (
    <Stack gap="sm" component="section" aria-label="Buyer links">
      <Title order={2} size="h4">
        Buyer links
      </Title>
      <Text size="sm" c="dimmed">
        A link opens a page with this load's bales and figures for the buyer, without signing in,
        until it expires or is revoked.
      </Text>
      {links.length > 0 && (
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Links">
          {links.map((link) => (
            <LinkItem key={link.id} link={link} onRevoke={() => setRevoking(link)} />
          ))}
        </Stack>
      )}
      <ShareLinkForm loadId={loadId} />
      <ConfirmDialog
        opened={revoking !== null}
        title="Revoke this link?"
        confirmLabel="Revoke"
        onConfirm={async () => {
          if (revoking) await revoke.mutateAsync(revoking.id);
          close();
        }}
        onClose={close}
        pending={revoke.isPending}
        error={
          revoke.isError ? changeErrorMessage(revoke.error, 'Failed to revoke the link.') : null
        }
      >
        <Text size="sm">
          The buyer's link stops opening the load at once. Share a new link to let them see it
          again.
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}
