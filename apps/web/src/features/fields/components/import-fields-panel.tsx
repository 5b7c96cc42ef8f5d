import {
  type ConvertedFeatureCollection,
  fileFormatLabels,
  type SupportedFileFormat,
  supportedFileFormats,
} from '@baletrack/contracts/convert/formats';
import { messages } from '@baletrack/contracts/errors/messages';
import type { Field } from '@baletrack/contracts/fields/field';
import { Alert, Button, FileInput, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { createField } from '@/features/fields/api/create-field';
import { fieldChangeKeys } from '@/features/fields/api/fields-keys';
import { useConvertFormats } from '@/features/fields/api/get-convert-formats';
import { useImportFieldsFile } from '@/features/fields/api/import-fields-file';
import { ImportPreview } from '@/features/fields/components/import-preview';
import { type ImportRow, importRows, saveImportRows } from '@/features/fields/utils/import-rows';
import { changeErrorMessage } from '@/lib/change-error-message';

interface ImportFieldsPanelProps {
  existing: Field[];
  /** The features read from the file, for the map to preview; undefined when none. */
  onPreview: (rows: ImportRow[] | undefined) => void;
  onClose: () => void;
}

const DETECT = 'detect';

function isSupported(value: string): value is SupportedFileFormat {
  return (supportedFileFormats as readonly string[]).includes(value);
}

/**
 * Import: the file goes through the conversion API to GeoJSON; its fields are previewed on the
 * map and listed with names from the file (editable), refused features listed with why; the
 * chosen ones are then saved one by one.
 */
export function ImportFieldsPanel({ existing, onPreview, onClose }: ImportFieldsPanelProps) {
  const formats = useConvertFormats('import');
  const read = useImportFieldsFile();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [format, setFormat] = useState<string>(DETECT);
  const [converted, setConverted] = useState<ConvertedFeatureCollection>();
  const [rows, setRows] = useState<ImportRow[]>([]);
  const [saving, setSaving] = useState(false);

  const show = (next: ImportRow[]) => {
    setRows(next);
    onPreview(next.length > 0 ? next : undefined);
  };
  const readFile = async () => {
    if (!file) return;
    try {
      const result = await read.mutateAsync({
        file,
        sourceFormat: isSupported(format) ? format : undefined,
      });
      setConverted(result);
      show(importRows(result, existing));
    } catch {
      // shown below
    }
  };
  const save = async () => {
    setSaving(true);
    const next = await saveImportRows(rows, createField, (error) =>
      changeErrorMessage(error, messages.fieldCuttingCrop.field.createFailed),
    );
    setSaving(false);
    show(next);
    await Promise.all(
      fieldChangeKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );
  };
  const close = () => {
    onPreview(undefined);
    onClose();
  };

  const options = (formats.data?.formats ?? []).filter(isSupported).map((value) => ({
    value,
    label: fileFormatLabels[value],
  }));
  return (
    <Stack gap="sm" component="section" aria-label="Import fields">
      <Title order={2} size="h4">
        Import fields
      </Title>
      {!converted ? (
        <>
          <Text size="sm" c="dimmed">
            Boundaries from guidance displays and farm software: a shapefile zip, a Trimble or
            ISOXML folder zipped, GeoJSON or KML.
          </Text>
          <FileInput
            label="File"
            placeholder="Choose a file"
            value={file}
            onChange={setFile}
            clearable
          />
          <Select
            label="Format"
            value={format}
            onChange={(value) => setFormat(value ?? DETECT)}
            data={[{ value: DETECT, label: 'Detect from the file' }, ...options]}
            allowDeselect={false}
          />
          {read.isError && (
            <Alert color="red" variant="light" role="alert">
              {changeErrorMessage(read.error, messages.generic)}
            </Alert>
          )}
          <Group gap="xs">
            <Button onClick={() => void readFile()} loading={read.isPending} disabled={!file}>
              Read file
            </Button>
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
          </Group>
        </>
      ) : (
        <ImportPreview
          converted={converted}
          rows={rows}
          existing={existing}
          saving={saving}
          onRowsChange={show}
          onSave={() => void save()}
          onClose={close}
        />
      )}
    </Stack>
  );
}
