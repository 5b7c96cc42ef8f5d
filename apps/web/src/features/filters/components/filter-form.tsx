import { messages } from '@baletrack/contracts/errors/messages';
import {
  type DateRange,
  emptyFilter,
  type Filter,
  type FilterAttribute,
  type Range,
  type SaveFilterRequest,
  saveFilterRequestSchema,
} from '@baletrack/contracts/filters/filter';
import { rangeProblems } from '@baletrack/contracts/filters/filter-limits';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Input,
  SegmentedControl,
  Stack,
  TextInput,
} from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useCreateFilter } from '@/features/filters/api/create-filter';
import { useUpdateFilter } from '@/features/filters/api/update-filter';
import { type Choices, FilterChoices } from '@/features/filters/components/filter-choices';
import classes from '@/features/filters/components/filter-form.module.css';
import { FilterLimits, type LimitTexts } from '@/features/filters/components/filter-limits';
import {
  attributeInfo,
  displayMeasure,
  limitToSI,
  parseLimit,
  rangeToTexts,
} from '@/features/filters/utils/filter-units';
import { useDisplayUnits, useRfvEnabled } from '@/features/settings';
import { isApiError } from '@/lib/api-client';

interface FilterFormProps {
  /** The filter to change; a new one when absent. */
  filter?: Filter;
  onSaved: (filter: Filter) => void;
  onCancel: () => void;
}

type DateKind = 'none' | DateRange['kind'];
type Errors = Record<string, string>;

/** Creates or changes a filter; limits are typed and shown in the organization's units. */
export function FilterForm({ filter, onSaved, onCancel }: FilterFormProps) {
  const units = useDisplayUnits();
  const rfvEnabled = useRfvEnabled();
  const start: SaveFilterRequest = filter ?? emptyFilter;
  const [name, setName] = useState(start.name);
  const [limits, setLimits] = useState(
    () =>
      Object.fromEntries(
        attributeInfo.map((info) => [
          info.attribute,
          rangeToTexts(start.ranges[info.attribute], info, units),
        ]),
      ) as LimitTexts,
  );
  const [dateKind, setDateKind] = useState<DateKind>(start.dateRange?.kind ?? 'none');
  const [days, setDays] = useState(
    start.dateRange?.kind === 'lastDays' ? String(start.dateRange.days) : '30',
  );
  const [from, setFrom] = useState(start.dateRange?.kind === 'fixed' ? start.dateRange.start : '');
  const [to, setTo] = useState(start.dateRange?.kind === 'fixed' ? start.dateRange.end : '');
  const [includeCuttingless, setIncludeCuttingless] = useState(start.includeCuttingless);
  const [choices, setChoices] = useState<Choices>({
    fieldIds: start.fieldIds,
    cuttingIds: start.cuttingIds,
    cropIds: start.cropIds,
    balerIds: start.balerIds,
    baleSizes: start.baleSizes,
    grades: start.grades ?? [],
  });
  const [errors, setErrors] = useState<Errors>({});
  const formRef = useRef<HTMLFormElement>(null);
  // Set when a save is refused: the first box at fault takes the focus once the errors show,
  // so on a phone the form scrolls to it instead of seeming to do nothing.
  const focusError = useRef(false);
  const create = useCreateFilter();
  const update = useUpdateFilter();
  const saving = create.isPending || update.isPending;
  const failure = filter ? update.error : create.error;
  // RFV stays editable on a filter that already bounds it, even with RFV turned off.
  const shown = attributeInfo.filter(
    (info) => info.attribute !== 'rfv' || rfvEnabled || start.ranges.rfv,
  );

  /** The request in SI units, or the problems found while reading the boxes. */
  function read(): { request?: SaveFilterRequest; problems: Errors } {
    const problems: Errors = {};
    const ranges: Partial<Record<FilterAttribute, Range>> = {};
    for (const info of attributeInfo) {
      const bounds = {
        min: parseLimit(limits[info.attribute].min),
        max: parseLimit(limits[info.attribute].max),
      };
      for (const bound of ['min', 'max'] as const) {
        if (Number.isNaN(bounds[bound]))
          problems[`ranges.${info.attribute}.${bound}`] = 'Enter a number.';
      }
      if (bounds.min === null && bounds.max === null) continue;
      // The schema's limits, said in the units the boxes are typed in ('… 22,046 lb.').
      if (!Number.isNaN(bounds.min) && !Number.isNaN(bounds.max)) {
        const found = rangeProblems(displayMeasure(info, units), bounds);
        for (const [bound, message] of Object.entries(found))
          problems[`ranges.${info.attribute}.${bound}`] = message;
      }
      const si = (value: number | null) => (value === null ? null : limitToSI(value, info, units));
      ranges[info.attribute] = { min: si(bounds.min), max: si(bounds.max) };
    }
    const dateRange =
      dateKind === 'lastDays'
        ? { kind: 'lastDays' as const, days: Number(days) }
        : dateKind === 'fixed'
          ? { kind: 'fixed' as const, start: from, end: to }
          : null;
    const parsed = saveFilterRequestSchema.safeParse({
      ...choices,
      name,
      ranges,
      dateRange,
      includeCuttingless,
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const path = issue.path.map(String).join('.');
        problems[path.startsWith('dateRange') ? 'dateRange' : path] ??= issue.message;
      }
    }
    return {
      request: parsed.success && Object.keys(problems).length === 0 ? parsed.data : undefined,
      problems,
    };
  }

  useEffect(() => {
    if (!focusError.current || Object.keys(errors).length === 0) return;
    focusError.current = false;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);

  const refuse = (problems: Errors) => {
    focusError.current = true;
    setErrors(problems);
  };

  const save = async () => {
    const { request, problems } = read();
    if (!request) {
      refuse(problems);
      return;
    }
    setErrors({});
    try {
      onSaved(
        filter
          ? await update.mutateAsync({ ...request, id: filter.id })
          : await create.mutateAsync(request),
      );
    } catch (error) {
      if (isApiError(error, 409)) refuse({ name: messages.filter.nameExists });
      // The server's refusals (e.g. a chosen field deleted meanwhile) go next to their box.
      else if (isApiError(error, 400) && error.body.issues) {
        refuse(Object.fromEntries(error.body.issues.map((i) => [i.path, i.message])));
      }
    }
  };

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Stack gap="md">
        <TextInput
          label="Name"
          required
          value={name}
          error={errors.name}
          onChange={(e) => setName(e.currentTarget.value)}
        />
        <FilterLimits
          attributes={shown}
          limits={limits}
          errors={errors}
          onChange={(attribute, bound, text) =>
            setLimits((current) => ({
              ...current,
              [attribute]: { ...current[attribute], [bound]: text },
            }))
          }
        />
        <Stack gap="xs">
          <Input.Label labelElement="div">Made</Input.Label>
          <SegmentedControl
            aria-label="Dates"
            fullWidth
            // On a phone the three choices are wider than the dialog: their words wrap, none cut.
            styles={{ label: { whiteSpace: 'normal' } }}
            value={dateKind}
            onChange={(value) => setDateKind(value as DateKind)}
            data={[
              { label: 'Any time', value: 'none' },
              { label: 'In the last days', value: 'lastDays' },
              { label: 'Between dates', value: 'fixed' },
            ]}
          />
          {dateKind === 'lastDays' && (
            <TextInput
              label="Number of days"
              inputMode="numeric"
              value={days}
              onChange={(e) => setDays(e.currentTarget.value)}
              error={errors.dateRange}
            />
          )}
          {dateKind === 'fixed' && (
            <Group grow gap="xs" align="flex-start">
              <TextInput
                type="date"
                label="From"
                value={from}
                onChange={(e) => setFrom(e.currentTarget.value)}
                error={errors.dateRange}
              />
              <TextInput
                type="date"
                label="To"
                value={to}
                onChange={(e) => setTo(e.currentTarget.value)}
              />
            </Group>
          )}
        </Stack>
        <FilterChoices
          value={choices}
          errors={errors}
          onChange={(change) => setChoices((current) => ({ ...current, ...change }))}
        />
        <Checkbox
          label="Include bales without a cutting"
          checked={includeCuttingless}
          onChange={(e) => setIncludeCuttingless(e.currentTarget.checked)}
        />
        {failure && !isApiError(failure, 409) && (
          <Alert color="red" variant="light">
            {filter ? messages.filter.updateFailed : messages.filter.createFailed}
            {isApiError(failure, 400) ? `: ${failure.message}` : ''}
          </Alert>
        )}
        <Group justify="flex-end" className={classes.footer}>
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={saving}>
            Save filter
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
