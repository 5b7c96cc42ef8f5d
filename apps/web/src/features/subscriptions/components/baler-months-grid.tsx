import { messages } from '@baletrack/contracts/errors/messages';
import type { GridMonth } from '@baletrack/contracts/subscriptions/subscription';
import { monthOf } from '@baletrack/domain/subscriptions/month';
import {
  Alert,
  Box,
  Button,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useChangeBalerSubscription } from '@/features/subscriptions/api/change-baler-subscription';
import { useBalerSubscription } from '@/features/subscriptions/api/get-baler-subscription';
import { usePricing } from '@/features/subscriptions/api/get-pricing';
import { useWallet } from '@/features/subscriptions/api/get-wallet';
import { monthLabel } from '@/features/subscriptions/utils/billing-format';
import { changeErrorMessage } from '@/lib/change-error-message';
import { formatCount } from '@/lib/format';
import classes from './baler-months-grid.module.css';

interface BalerMonthsGridProps {
  balerId: string;
  /** Shows the wallet's balance above the months (off where the page shows it already). */
  showBalance?: boolean;
  /** Only the owner applies or takes back months; others see the grid read-only. */
  canModify: boolean;
}

const stateLabels: Record<GridMonth['state'], string> = {
  past: 'Past',
  active: 'Active',
  scheduled: 'Scheduled',
  free: 'Free',
};

/** A month's button: its look says its state; the tooltip what a click does. */
function monthButton(month: GridMonth, current: string) {
  switch (month.state) {
    case 'active':
      return { variant: 'filled', color: 'green', hint: 'Active: its bales show. It stays.' };
    case 'scheduled':
      return { variant: 'light', color: 'green', hint: 'Scheduled. Click to take it back.' };
    case 'free':
      if (month.month === current) {
        return { variant: 'outline', color: 'orange', hint: 'This month: applying starts it now.' };
      }
      return month.month < current
        ? { variant: 'outline', color: 'orange', hint: 'Over: applying shows its bales now.' }
        : { variant: 'outline', color: 'gray', hint: 'Click to apply a credit.' };
    default:
      return { variant: 'subtle', color: 'gray', hint: 'Too long past for a credit.' };
  }
}

/**
 * A baler's months (docs/product.md#credits-and-months): active months highlighted and fixed,
 * scheduled ones taken back with a click (the credit returns), free ones applied with a click;
 * the current month asks first, since it starts at once and cannot be undone.
 */
export function BalerMonthsGrid({ balerId, canModify, showBalance = true }: BalerMonthsGridProps) {
  const grid = useBalerSubscription(balerId);
  const wallet = useWallet();
  const pricing = usePricing();
  const change = useChangeBalerSubscription();
  const [confirming, setConfirming] = useState<string | null>(null);
  const current = monthOf(Date.now());

  if (grid.isPending) return <Loader size="sm" aria-label="Loading months" />;
  if (grid.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        {changeErrorMessage(grid.error, messages.generic)}
      </Alert>
    );
  }
  const send = (body: Parameters<typeof change.mutateAsync>[0]['change'], done: string) =>
    change.mutateAsync({ balerId, change: body }).then(
      () => notifications.show({ color: 'green', message: done }),
      (error: unknown) => {
        notifications.show({ color: 'red', message: changeErrorMessage(error, messages.generic) });
        throw error;
      },
    );
  const click = (month: GridMonth) => {
    if (month.state === 'scheduled') {
      void send(
        { remove: [month.month] },
        `${monthLabel(month.month)} taken back; 1 credit returned.`,
      ).catch(() => {});
    } else if (month.state === 'free' && month.month <= current) {
      // The current month, or one that is over: it counts at once, for good.
      setConfirming(month.month);
    } else if (month.state === 'free') {
      void send({ apply: [month.month] }, `${monthLabel(month.month)} scheduled.`).catch(() => {});
    }
  };
  const years = [...new Set(grid.data.months.map((m) => m.month.slice(0, 4)))];
  // An empty wallet applies nothing: free months are not offered until credits arrive.
  const walletEmpty = wallet.data !== undefined && wallet.data.balance <= 0;
  const canApply = canModify && !walletEmpty;
  const billingOff = pricing.data?.billing === 'off';
  if (billingOff) {
    return (
      <Text size="sm" c="dimmed">
        {messages.subscriptions.billingOff}
      </Text>
    );
  }

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text size="sm">
          {showBalance && wallet.data
            ? `${formatCount(wallet.data.balance, 'credit', 'credits')} in the wallet`
            : ''}
        </Text>
        <Switch
          label="Auto-renew each month"
          checked={grid.data.autoRenew}
          disabled={!canModify || change.isPending}
          onChange={(event) => {
            const on = event.currentTarget.checked;
            void send(
              { autoRenew: on },
              on
                ? 'Auto-renew is on: a credit is applied at the start of each month.'
                : 'Auto-renew is off.',
            ).catch(() => {});
          }}
        />
      </Group>
      {canModify && walletEmpty && (
        <Text size="sm" role="status">
          {pricing.data?.payments === 'configured'
            ? messages.subscriptions.walletEmptyBuy
            : messages.subscriptions.walletEmptyGrant}
        </Text>
      )}
      {years.map((year) => (
        <Stack key={year} gap={4}>
          <Text size="sm" fw={600}>
            {year}
          </Text>
          <SimpleGrid cols={{ base: 3, xs: 4, sm: 6 }} spacing={6}>
            {grid.data.months
              .filter((m) => m.month.startsWith(year))
              .map((month) => {
                const look = monthButton(month, current);
                const label = `${monthLabel(month.month)}: ${stateLabels[month.state]}`;
                const face = (
                  <>
                    <span>{monthLabel(month.month).slice(0, 3)}</span>
                    <Text span size="10px">
                      {stateLabels[month.state]}
                    </Text>
                  </>
                );
                const clickable =
                  (canModify && month.state === 'scheduled') ||
                  (canApply && month.state === 'free');
                return (
                  <Tooltip
                    key={month.month}
                    label={
                      canModify && (clickable || month.state !== 'free')
                        ? look.hint
                        : stateLabels[month.state]
                    }
                  >
                    {clickable ? (
                      // Named by a hidden full label rather than aria-label, which must
                      // contain the visible "Dec Scheduled" (axe-core: label-content-name-mismatch).
                      <Button
                        size="xs"
                        h={44}
                        variant={look.variant}
                        color={look.color}
                        data-state={month.state}
                        disabled={change.isPending}
                        onClick={() => click(month)}
                        styles={{ label: { flexDirection: 'column', lineHeight: 1.1 } }}
                      >
                        <VisuallyHidden>{label}</VisuallyHidden>
                        <Box component="span" aria-hidden="true" style={{ display: 'contents' }}>
                          {face}
                        </Box>
                      </Button>
                    ) : (
                      // Fixed months are not buttons: they look their state and do nothing.
                      <Box
                        role="img"
                        aria-label={label}
                        data-state={month.state}
                        className={classes.fixed}
                        data-look={month.state}
                      >
                        {face}
                      </Box>
                    )}
                  </Tooltip>
                );
              })}
          </SimpleGrid>
        </Stack>
      ))}
      <ConfirmDialog
        opened={confirming !== null}
        title={
          confirming && confirming < current
            ? `Apply ${monthLabel(confirming)} now?`
            : `Start ${confirming ? monthLabel(confirming) : ''} now?`
        }
        confirmLabel="Apply and start now"
        pending={change.isPending}
        error={change.isError ? changeErrorMessage(change.error, messages.generic) : null}
        onClose={() => setConfirming(null)}
        onConfirm={async () => {
          if (!confirming) return;
          await send(
            { apply: [confirming], confirmCurrentMonth: true },
            `${monthLabel(confirming)} is active: this baler's bales of the month show now.`,
          );
          setConfirming(null);
        }}
      >
        <Text size="sm">
          {confirming && confirming < current
            ? `One credit goes to ${monthLabel(confirming)}, which is over. It counts at once, so this baler's bales made that month show on the map, and it cannot be undone.`
            : "One credit goes to the current month. It starts at once, so this baler's bales made this month show on the map, and it cannot be undone."}
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}
