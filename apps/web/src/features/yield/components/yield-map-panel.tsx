import type { Cutting } from '@baletrack/contracts/cuttings/cutting';
import type { Field } from '@baletrack/contracts/fields/field';
import {
  Anchor,
  Button,
  CloseButton,
  Group,
  Loader,
  Paper,
  Select,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useId } from 'react';
import { Link } from 'react-router';
import { HelpLink } from '@/features/help';
import { useDisplayUnits } from '@/features/settings';
import { YieldFieldDetails } from '@/features/yield/components/yield-field-details';
import { YieldMapLegend } from '@/features/yield/components/yield-map-legend';
import { useYieldMap } from '@/features/yield/hooks/use-yield-map';
import type { YieldMapParams } from '@/features/yield/hooks/use-yield-map-params';
import { yieldClassOf } from '@/features/yield/utils/yield-classes';
import { routePaths } from '@/lib/route-names';

const WHOLE_YEAR = 'whole-year';

interface YieldMapPanelProps {
  year: number;
  /** Crop years to choose from, newest first. */
  years: readonly number[];
  /** The cutting shown; undefined: the whole year. */
  cuttingId: string | undefined;
  /** The year's cuttings by start date; undefined until they load. */
  cuttings: readonly Cutting[] | undefined;
  /** The organization's fields (the map's), to pick one from the list. */
  fields: readonly Field[];
  fieldId: string | undefined;
  onChange: (next: Partial<YieldMapParams>) => void;
}

/**
 * The yield map's controls and key: crop year and cutting, the legend with its fields per class,
 * and the figures of the field picked on the map or from the list.
 */
export function YieldMapPanel(props: YieldMapPanelProps) {
  const { year, years, cuttingId, cuttings, fields, fieldId, onChange } = props;
  const { result, figures, classes } = useYieldMap(year, cuttingId);
  const units = useDisplayUnits();
  // Hidden down to its title, the panel leaves a phone's small map to the fields.
  const [open, toggle] = useDisclosure(true);
  const bodyId = useId();
  const rows = result.data?.fields ?? [];
  const cutting = cuttings?.find((c) => c.id === cuttingId);
  const counts = classes.map(() => 0);
  let noHay = 0;
  for (const row of rows) {
    const figure = figures.get(row.fieldId) ?? null;
    if (figure === null) {
      noHay += 1;
    } else {
      const index = yieldClassOf(classes, figure);
      counts[index] = (counts[index] ?? 0) + 1;
    }
  }
  const state = result.isError
    ? 'error'
    : !result.data
      ? 'loading'
      : rows.length === 0
        ? 'no-fields'
        : classes.length === 0
          ? 'no-hay'
          : 'ready';
  const picked = fields.find((f) => f.id === fieldId);
  const pickedRow = rows.find((row) => row.fieldId === fieldId);
  const shown = cutting ? cutting.name : String(year);

  return (
    <Paper
      component="section"
      aria-label="Yield map"
      data-testid="yield-map-panel"
      data-state={state}
      shadow="md"
      p="sm"
      radius="md"
    >
      <Stack gap={8}>
        <Group justify="space-between" wrap="nowrap">
          <Title order={2} size="h5">
            Yield map
          </Title>
          <Group gap={4} wrap="nowrap">
            <Button
              size="compact-xs"
              variant="subtle"
              aria-expanded={open}
              aria-controls={bodyId}
              onClick={toggle.toggle}
            >
              {open ? 'Hide' : 'Show'}
            </Button>
            <HelpLink slug="yield-per-field" anchor="on-the-map" />
            <CloseButton
              aria-label="Close yield map"
              onClick={() => onChange({ year: undefined })}
            />
          </Group>
        </Group>
        <Stack gap={8} id={bodyId} display={open ? undefined : 'none'}>
          <Group gap={8} wrap="nowrap" align="flex-start">
            <Select
              size="xs"
              w={90}
              label="Crop year"
              data={years.map(String)}
              value={String(year)}
              allowDeselect={false}
              onChange={(value) => value && onChange({ year: Number(value) })}
            />
            <Select
              size="xs"
              style={{ flex: 1, minWidth: 0 }}
              label="Cutting"
              data={[
                { value: WHOLE_YEAR, label: 'Whole year' },
                ...(cuttings ?? []).map((c) => ({ value: c.id, label: c.name })),
              ]}
              value={cutting?.id ?? WHOLE_YEAR}
              allowDeselect={false}
              onChange={(value) =>
                onChange({ cuttingId: value === WHOLE_YEAR ? undefined : (value ?? undefined) })
              }
            />
          </Group>
          {state === 'error' ? (
            <Stack gap={4} align="flex-start">
              <Text size="sm" role="alert" c="red.8">
                The yield of {year} could not be loaded.
              </Text>
              <Button size="compact-xs" variant="default" onClick={() => void result.refetch()}>
                Try again
              </Button>
            </Stack>
          ) : state === 'loading' ? (
            <Group gap={8}>
              <Loader size="xs" />
              <Text size="sm">Loading the yield of {year}…</Text>
            </Group>
          ) : state === 'no-fields' ? (
            <Text size="sm" role="status">
              Your farm has no fields yet.{' '}
              <Anchor component={Link} to={routePaths.fields}>
                Draw or import your fields
              </Anchor>{' '}
              to see what each of them gave.
            </Text>
          ) : state === 'no-hay' ? (
            <Text size="sm" role="status">
              No hay on your fields in {shown}.
            </Text>
          ) : (
            <Stack gap={6}>
              <Text size="sm" fw={600}>
                Dry matter per {units.symbol('area') === 'ha' ? 'hectare' : 'acre'}, {shown}
              </Text>
              <YieldMapLegend classes={classes} counts={counts} noHay={noHay} />
            </Stack>
          )}
          {rows.length > 0 && (
            <Select
              size="xs"
              label="Field"
              placeholder="Pick one, or click a field on the map"
              searchable
              value={picked?.id ?? null}
              data={fields.map((f) => ({ value: f.id, label: f.name }))}
              onChange={(id) => onChange({ fieldId: id ?? undefined })}
              nothingFoundMessage="No field has that name"
            />
          )}
          {picked && result.data && (
            <YieldFieldDetails
              name={picked.name}
              row={pickedRow}
              year={year}
              cuttingId={cutting?.id}
            />
          )}
          <Anchor component={Link} to={routePaths.yield} size="sm">
            Open Yield per Field
          </Anchor>
        </Stack>
      </Stack>
    </Paper>
  );
}
