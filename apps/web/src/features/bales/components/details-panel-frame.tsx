import { CloseButton, Group, Paper, ScrollArea, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { PanelBoundary } from '@/components/panel-boundary';

interface DetailsPanelFrameProps {
  /** The region's accessible name: 'Bale details', 'Stack details'. */
  label: string;
  title: string;
  subtitle?: string;
  onClose: () => void;
  children: ReactNode;
}

/** A labelled region floating over the map's right side, scrolling on its own. */
export function DetailsPanelFrame(props: DetailsPanelFrameProps) {
  return (
    <Paper
      component="section"
      aria-label={props.label}
      shadow="md"
      radius="md"
      w="min(360px, calc(100vw - 24px))"
      mah="100%"
      style={{ display: 'flex', flexDirection: 'column', overflow: 'hidden' }}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" p="md" pb="xs">
        <Stack gap={0} miw={0}>
          <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
            {props.title}
          </Title>
          {props.subtitle && (
            <Text size="xs" c="dimmed" truncate>
              {props.subtitle}
            </Text>
          )}
        </Stack>
        <CloseButton aria-label={`Close ${props.label.toLowerCase()}`} onClick={props.onClose} />
      </Group>
      {/* Focusable, so the details scroll from the keyboard too (axe: scrollable-region-focusable). */}
      <ScrollArea.Autosize
        type="auto"
        scrollbars="y"
        style={{ flex: 1, minHeight: 0 }}
        viewportProps={{ tabIndex: 0, 'aria-label': `${props.label}, scrollable` }}
      >
        <Stack gap="md" p="md" pt={0}>
          <PanelBoundary what="This panel">{props.children}</PanelBoundary>
        </Stack>
      </ScrollArea.Autosize>
    </Paper>
  );
}
