import { messages } from '@baletrack/contracts/errors/messages';
import type { Field } from '@baletrack/contracts/fields/field';
import { Alert, Box, Button, Group, ScrollArea, Skeleton, Stack, Text } from '@mantine/core';
import type { FeatureCollection, MultiPolygon, Polygon } from 'geojson';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { useEffect, useMemo, useState } from 'react';
import { useFields } from '@/features/fields/api/get-fields';
import { DeleteFieldDialog } from '@/features/fields/components/delete-field-dialog';
import { ExportFieldsDialog } from '@/features/fields/components/export-fields-dialog';
import { FieldEditor } from '@/features/fields/components/field-editor';
import { FieldList } from '@/features/fields/components/field-list';
import {
  FieldsMap,
  type FieldsMapBase,
  type MapFocus,
} from '@/features/fields/components/fields-map';
import { ImportFieldsPanel } from '@/features/fields/components/import-fields-panel';
import { useBoundaryDraw } from '@/features/fields/hooks/use-boundary-draw';
import { boundariesBounds, fieldsBounds } from '@/features/fields/utils/field-features';
import type { ImportRow } from '@/features/fields/utils/import-rows';
import { useMay } from '@/features/users';
import classes from './fields-screen.module.css';

type Mode =
  | { kind: 'browse' }
  | { kind: 'new' }
  | { kind: 'edit'; id: string }
  | { kind: 'import' };

function previewOf(rows: ImportRow[] | undefined) {
  if (!rows) return undefined;
  const collection: FeatureCollection<Polygon | MultiPolygon> = {
    type: 'FeatureCollection',
    features: rows
      .filter((row) => row.chosen && !row.outcome?.saved)
      .map((row) => ({ type: 'Feature', geometry: row.boundary, properties: { name: row.name } })),
  };
  return collection;
}

/**
 * The Fields screen: the organization's fields on the map and in a list; draw a new one, edit
 * one's corners, name and size, delete it; import fields from a file and export ticked ones. A
 * viewer (docs/product.md#roles) opens a field only to zoom to it, and exports.
 */
export function FieldsScreen({ base }: { base: FieldsMapBase }) {
  const fields = useFields();
  const canChange = useMay()('farmData');
  const list = useMemo(() => fields.data?.fields ?? [], [fields.data]);
  const [map, setMap] = useState<MapLibreMap | null>(null);
  const draw = useBoundaryDraw(map);
  const [mode, setMode] = useState<Mode>({ kind: 'browse' });
  const [checked, setChecked] = useState<ReadonlySet<string>>(new Set());
  const [exportOpen, setExportOpen] = useState(false);
  const [deleting, setDeleting] = useState<Field | null>(null);
  const [focus, setFocus] = useState<MapFocus | null>(null);
  const [preview, setPreview] = useState<ImportRow[]>();
  const editing = mode.kind === 'edit' ? list.find((field) => field.id === mode.id) : undefined;

  // Open on the farm's fields once they are known.
  const hasFields = list.length > 0;
  useEffect(() => {
    if (!hasFields) return;
    setFocus((current) => current ?? { key: 'all', bounds: fieldsBounds(list) ?? worldBox });
  }, [hasFields, list]);

  const browse = () => {
    draw.end();
    setMode({ kind: 'browse' });
  };
  const open = (field: Field) => {
    if (canChange) {
      setMode({ kind: 'edit', id: field.id });
      draw.begin(field.boundary);
    }
    const bounds = fieldsBounds([field]);
    if (bounds) setFocus({ key: `${field.id}:${Date.now()}`, bounds });
  };
  const drawNew = () => {
    setMode({ kind: 'new' });
    draw.begin(null);
  };
  const toggle = (id: string) =>
    setChecked((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const showPreview = (rows: ImportRow[] | undefined) => {
    setPreview(rows);
    const bounds = rows && boundariesBounds(rows.map((row) => row.boundary));
    if (bounds) setFocus({ key: `import:${Date.now()}`, bounds });
  };
  const exported = list.filter((field) => checked.has(field.id));

  return (
    <Box className={classes.screen}>
      <ScrollArea className={classes.list} p="md">
        {mode.kind === 'new' || editing ? (
          <FieldEditor
            key={editing?.id ?? 'new'}
            field={editing}
            draw={draw}
            onDone={browse}
            onDelete={editing ? () => setDeleting(editing) : undefined}
          />
        ) : mode.kind === 'import' ? (
          <ImportFieldsPanel existing={list} onPreview={showPreview} onClose={browse} />
        ) : (
          <Stack gap="sm">
            <Group gap="xs">
              {canChange && (
                <>
                  <Button onClick={drawNew} disabled={!map}>
                    Draw a field
                  </Button>
                  <Button variant="default" onClick={() => setMode({ kind: 'import' })}>
                    Import
                  </Button>
                </>
              )}
              <Button
                variant="default"
                onClick={() => setExportOpen(true)}
                disabled={exported.length === 0}
              >
                Export
              </Button>
            </Group>
            {fields.isPending && <Skeleton height={120} aria-label="Loading fields" />}
            {fields.isError && (
              <Alert color="red" variant="light" role="alert">
                {messages.generic}
              </Alert>
            )}
            {fields.data && list.length === 0 && (
              <Text size="sm" c="dimmed">
                {canChange
                  ? 'No fields yet. Draw one on the map or import boundaries from a file; bales made inside a field are counted to it.'
                  : 'No fields yet.'}
              </Text>
            )}
            {list.length > 0 && (
              <Text size="xs" c="dimmed">
                {canChange
                  ? 'Open a field to rename, redraw or delete it; tick fields to export them.'
                  : 'Open a field to zoom to it; tick fields to export them.'}
              </Text>
            )}
            <FieldList fields={list} checked={checked} onToggle={toggle} onOpen={open} />
          </Stack>
        )}
      </ScrollArea>
      <Box className={classes.map}>
        <FieldsMap
          base={base}
          fields={list}
          hiddenFieldId={editing?.id}
          highlightedIds={checked}
          preview={mode.kind === 'import' ? previewOf(preview) : undefined}
          focus={focus}
          onPickField={
            mode.kind === 'browse'
              ? (id) => {
                  const field = list.find((candidate) => candidate.id === id);
                  if (field) open(field);
                }
              : undefined
          }
          onMapReady={setMap}
        />
      </Box>
      <ExportFieldsDialog
        opened={exportOpen}
        fields={exported}
        onClose={() => setExportOpen(false)}
      />
      <DeleteFieldDialog
        field={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={() => {
          setDeleting(null);
          browse();
        }}
      />
    </Box>
  );
}

const worldBox = { west: -180, south: -60, east: 180, north: 75 };
