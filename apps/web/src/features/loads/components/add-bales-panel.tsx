import { emptyFilter } from '@baletrack/contracts/filters/filter';
import { type AddLoadBales, addLoadBalesSchema } from '@baletrack/contracts/loads/loads';
import {
  Alert,
  Button,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Textarea,
  Title,
} from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useAddLoadBales } from '@/features/loads/api/add-load-bales';
import { AddedBalesResult } from '@/features/loads/components/added-bales-result';
import { parseTags } from '@/features/loads/utils/parse-tags';
import { changeErrorMessage } from '@/lib/change-error-message';

type Way = 'tags' | 'filter' | 'field';

const ways = [
  { value: 'tags', label: 'By tag' },
  { value: 'filter', label: 'Saved filter' },
  { value: 'field', label: 'Field and cutting' },
];

/** What the panel offers to pick from: the organization's saved filters, fields and cuttings. */
export interface AddBalesChoices {
  filters: { id: string; name: string }[];
  fields: { id: string; name: string }[];
  cuttings: { id: string; name: string; year: number; fieldIds: string[] }[];
}

interface AddBalesPanelProps extends AddBalesChoices {
  loadId: string;
}

/**
 * "Add bales" to an open load: by tag, by a saved filter, or by field and cutting; the answer
 * says how many were added and what was left out (already here, loaded out, in another load).
 */
export function AddBalesPanel({ loadId, filters, fields, cuttings }: AddBalesPanelProps) {
  const add = useAddLoadBales(loadId);
  const [way, setWay] = useState<Way>('tags');
  const [tags, setTags] = useState('');
  const [filterId, setFilterId] = useState<string | null>(null);
  const [fieldId, setFieldId] = useState<string | null>(null);
  const [cuttingId, setCuttingId] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // A field's cuttings, newest crop year first.
  const fieldCuttings = cuttings
    .filter((c) => fieldId !== null && c.fieldIds.includes(fieldId))
    .sort((a, b) => b.year - a.year || a.name.localeCompare(b.name));

  /** The pick as the contract takes it; a field alone keeps all its bales, a cutting only its. */
  const pick = (): unknown => {
    if (way === 'tags') return { tags: parseTags(tags) };
    if (way === 'filter') return { filterId: filterId ?? undefined };
    if (fieldId === null) return {};
    const { name: _name, ...definition } = emptyFilter;
    return {
      filter: {
        ...definition,
        fieldIds: [fieldId],
        cuttingIds: cuttingId ? [cuttingId] : [],
        includeCuttingless: cuttingId === null,
      },
    };
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.reset();
    const parsed = addLoadBalesSchema.safeParse(pick());
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Pick the bales to add.');
      return;
    }
    setProblem(null);
    add.mutate(parsed.data as AddLoadBales, {
      onSuccess: () => {
        if (way === 'tags') setTags('');
      },
    });
  };

  return (
    <Paper withBorder p="md" component="section" aria-label="Add bales">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h4">
            Add bales
          </Title>
          <SegmentedControl
            data={ways}
            value={way}
            onChange={(value) => {
              setWay(value as Way);
              setProblem(null);
            }}
            aria-label="How to pick the bales"
            fullWidth
          />
          {way === 'tags' && (
            <Textarea
              label="Tags"
              description="One tag a line, or separated by commas or spaces"
              rows={4}
              resize="vertical"
              value={tags}
              onChange={(event) => setTags(event.currentTarget.value)}
            />
          )}
          {way === 'filter' && (
            <Select
              label="Saved filter"
              placeholder={filters.length === 0 ? 'No saved filter yet' : 'Choose a filter'}
              data={filters.map((f) => ({ value: f.id, label: f.name }))}
              value={filterId}
              onChange={setFilterId}
              searchable
              nothingFoundMessage="No filter by that name"
            />
          )}
          {way === 'field' && (
            <>
              <Select
                label="Field"
                placeholder={fields.length === 0 ? 'No field yet' : 'Choose a field'}
                data={fields.map((f) => ({ value: f.id, label: f.name }))}
                value={fieldId}
                onChange={(id) => {
                  setFieldId(id);
                  setCuttingId(null);
                }}
                searchable
                nothingFoundMessage="No field by that name"
              />
              <Select
                label="Cutting"
                description="Empty: every bale of the field on hand"
                placeholder={fieldId === null ? 'Choose a field first' : 'Any cutting'}
                data={fieldCuttings.map((c) => ({ value: c.id, label: `${c.name} (${c.year})` }))}
                value={cuttingId}
                onChange={setCuttingId}
                disabled={fieldId === null}
                clearable
              />
            </>
          )}
          {problem && (
            <Alert color="red" variant="light" role="alert" py={6}>
              {problem}
            </Alert>
          )}
          {add.isError && (
            <Alert color="red" variant="light" role="alert" py={6}>
              {changeErrorMessage(add.error, 'Failed to add the bales.')}
            </Alert>
          )}
          <Button type="submit" loading={add.isPending} style={{ alignSelf: 'flex-start' }}>
            Add bales
          </Button>
          {add.data && <AddedBalesResult result={add.data} />}
        </Stack>
      </form>
    </Paper>
  );
}
