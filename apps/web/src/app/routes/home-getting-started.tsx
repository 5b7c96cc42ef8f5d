import { Anchor, CloseButton, Group, List, Paper, Text, ThemeIcon, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { useBalers } from '@/features/balers';
import { useFields } from '@/features/fields/api/get-fields';
import { HelpLink } from '@/features/help';
import { useAvailableYears } from '@/features/map/api/get-available-years';
import { usePricing } from '@/features/subscriptions';
import { routePaths } from '@/lib/route-names';

interface Step {
  key: string;
  done: boolean;
  text: string;
  link?: { to: string; label: string };
}

function StepMark({ done }: { done: boolean }) {
  return (
    <ThemeIcon
      size={20}
      radius="xl"
      color={done ? 'green' : 'gray'}
      variant={done ? 'filled' : 'light'}
    >
      <Text span size="xs" fw={700} aria-hidden>
        {done ? '✓' : '·'}
      </Text>
    </ThemeIcon>
  );
}

/**
 * A farm with no bales to show yet is told what brings them, step by step, each ticked off as it
 * is done: a baler, months with a credit, fields. Gone once bales show (or when closed).
 */
export function GettingStarted() {
  const [closed, setClosed] = useState(false);
  const years = useAvailableYears();
  // Only a farm with nothing to show asks for what the steps need.
  if (closed || !years.data || years.data.years.length > 0) return null;
  return <GettingStartedSteps onClose={() => setClosed(true)} />;
}

function GettingStartedSteps({ onClose }: { onClose: () => void }) {
  const balers = useBalers();
  const fields = useFields();
  const pricing = usePricing();
  if (!balers.data || !fields.data || !pricing.data) return null;

  const billingOff = pricing.data.billing === 'off';
  const steps: Step[] = [
    {
      key: 'baler',
      done: balers.data.balers.length > 0,
      text: 'Register your baler by its VIN; it gets its own ingest key.',
      link: { to: routePaths.balers, label: 'Baler Settings' },
    },
    {
      key: 'months',
      done: billingOff || balers.data.balers.some((b) => b.subscriptionExpiry !== null),
      text: billingOff
        ? 'Billing is off on this server: every month is active.'
        : 'Apply a month to the baler (1 credit = 1 month), buying credits if you have none.',
      link: billingOff
        ? undefined
        : { to: `${routePaths.subscription}#balers`, label: 'Subscription' },
    },
    {
      key: 'fields',
      done: fields.data.fields.length > 0,
      text: 'Import your field boundaries from your display, or draw them.',
      link: { to: routePaths.fields, label: 'Fields' },
    },
    {
      key: 'bales',
      done: false,
      text: 'Bale: bales show here as the baler reports them (the map refreshes every 30 seconds).',
    },
  ];

  return (
    <Paper
      withBorder
      shadow="md"
      p="md"
      radius="md"
      maw={380}
      role="region"
      aria-label="Getting started"
    >
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Title order={2} size="h4">
          See your bales on the map
        </Title>
        <CloseButton aria-label="Close getting started" onClick={onClose} />
      </Group>
      <List spacing="sm" size="sm" center>
        {steps.map((step) => (
          <List.Item key={step.key} icon={<StepMark done={step.done} />} data-done={step.done}>
            <Text
              size="sm"
              td={step.done ? 'line-through' : undefined}
              c={step.done ? 'dimmed' : undefined}
            >
              {step.text}
            </Text>
            {step.link && !step.done && (
              <Anchor component={Link} to={step.link.to} size="sm">
                {step.link.label}
              </Anchor>
            )}
          </List.Item>
        ))}
      </List>
      <HelpLink slug="getting-started">Read the getting started guide</HelpLink>
    </Paper>
  );
}
