import type { Field } from '@baletrack/contracts/fields/field';
import type {
  HeatmapMeasure,
  HeatmapQuery,
  HeatmapType,
} from '@baletrack/contracts/heatmaps/heatmap';
import {
  CloseButton,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
} from '@mantine/core';
import { useHeatmapIcon } from '@/features/heatmaps/api/get-heatmap-icon';
import { useHeatmapOverlay } from '@/features/heatmaps/api/get-heatmap-overlay';
import { HeatmapLegend } from '@/features/heatmaps/components/heatmap-legend';
import type { HeatmapParams } from '@/features/heatmaps/hooks/use-heatmap-params';
import { heatmapTitles } from '@/features/heatmaps/utils/heatmap-legend';
import { HelpLink } from '@/features/help';
import { formatCount } from '@/lib/format';

interface HeatmapPanelProps {
  type: HeatmapType;
  measure: HeatmapMeasure;
  field: Field | undefined;
  fields: readonly Field[];
  /** Why nothing can be drawn in this view (docs/product.md#validation-rules), or null. */
  blocker: string | null;
  query: HeatmapQuery | undefined;
  rfvEnabled: boolean;
  onChange: (next: Partial<HeatmapParams>) => void;
  onPickField: (field: Field) => void;
}

/** Heatmap mode's controls: type, measure and field, then why not, or the legend. */
export function HeatmapPanel(props: HeatmapPanelProps) {
  const { type, measure, field, fields, blocker, query, rfvEnabled, onChange, onPickField } = props;
  const overlay = useHeatmapOverlay(type === 'Overlay' ? query : undefined);
  const icon = useHeatmapIcon(type === 'Icon' ? query : undefined);
  const answer = type === 'Overlay' ? overlay : icon;
  const data = answer.data;
  const state = blocker
    ? 'blocked'
    : answer.isError
      ? 'error'
      : !data || answer.isPlaceholderData
        ? 'loading'
        : data.emptyReason
          ? 'empty'
          : 'ready';
  const cells = overlay.data?.grid?.values.filter((v) => v !== null).length;
  return (
    <Paper
      component="section"
      aria-label="Heatmap"
      data-testid="heatmap-panel"
      data-state={state}
      data-cells={type === 'Overlay' && state === 'ready' ? cells : undefined}
      shadow="md"
      p="sm"
      radius="md"
      w={300}
    >
      <Stack gap={8}>
        <Group justify="space-between" wrap="nowrap">
          <Text fw={700}>Heatmap</Text>
          <Group gap={4} wrap="nowrap">
            <HelpLink slug="heatmaps" />
            <CloseButton aria-label="Close heatmap" onClick={() => onChange({ type: undefined })} />
          </Group>
        </Group>
        <SegmentedControl
          size="xs"
          fullWidth
          aria-label="Heatmap type"
          value={type}
          onChange={(value) => onChange({ type: value as HeatmapType })}
          data={['Overlay', 'Icon']}
        />
        <SegmentedControl
          size="xs"
          fullWidth
          aria-label="Heatmap measure"
          value={measure}
          onChange={(value) => onChange({ measure: value as HeatmapMeasure })}
          data={[
            { label: 'Weight', value: 'Weight' },
            { label: 'Moisture', value: 'AvgMoisture' },
            // RFV off in Settings: the organization reads nutrition values, not RFV.
            ...(rfvEnabled ? [{ label: 'RFV', value: 'RFV' }] : []),
          ]}
        />
        <Select
          size="xs"
          label="Field"
          placeholder="Pick one, or click a field on the map"
          searchable
          value={field?.id ?? null}
          data={fields.map((f) => ({ value: f.id, label: f.name }))}
          onChange={(id) => {
            const picked = fields.find((f) => f.id === id);
            if (picked) onPickField(picked);
          }}
          nothingFoundMessage="No field has that name"
        />
        {blocker ? (
          <Text size="sm" role="status">
            {blocker}
          </Text>
        ) : state === 'error' ? (
          <Text size="sm" role="alert" c="red.8">
            The heatmap could not be loaded. It will try again shortly.
          </Text>
        ) : state === 'loading' ? (
          <Group gap={8}>
            <Loader size="xs" />
            <Text size="sm">Drawing the heatmap…</Text>
          </Group>
        ) : data?.emptyReason ? (
          <Text size="sm" role="status">
            {data.emptyReason}
          </Text>
        ) : data ? (
          <Stack gap={6}>
            <Text size="sm" fw={600}>
              {heatmapTitles[data.measure]}
            </Text>
            <Text size="xs" c="dimmed">
              {field?.name}: {formatCount(data.valueCount, 'bale', 'bales')}
              {type === 'Overlay' ? ', interpolated between them' : ''}
            </Text>
            <HeatmapLegend
              measure={data.measure}
              classes={data.classes}
              counts={'classCounts' in data ? data.classCounts : undefined}
              noValue={type === 'Icon' ? data.baleCount - data.valueCount : undefined}
            />
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
}
