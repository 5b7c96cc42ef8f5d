import {
  fileFormatLabels,
  type SupportedFileFormat,
  supportedFileFormats,
} from '@baletrack/contracts/convert/formats';
import { messages } from '@baletrack/contracts/errors/messages';
import type { Field } from '@baletrack/contracts/fields/field';
import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useExportFields } from '@/features/fields/api/export-fields';
import { useConvertFormats } from '@/features/fields/api/get-convert-formats';
import { changeErrorMessage } from '@/lib/change-error-message';
import { downloadFile } from '@/lib/download-file';
import { formatCount } from '@/lib/format';

interface ExportFieldsDialogProps {
  opened: boolean;
  fields: Field[];
  onClose: () => void;
}

function isSupported(value: string): value is SupportedFileFormat {
  return (supportedFileFormats as readonly string[]).includes(value);
}

/** Export: the ticked fields converted by the conversion API into a format another system reads. */
export function ExportFieldsDialog({ opened, fields, onClose }: ExportFieldsDialogProps) {
  const formats = useConvertFormats('export', { enabled: opened });
  const exporting = useExportFields();
  const [format, setFormat] = useState<string | null>(null);
  const options = (formats.data?.formats ?? []).filter(isSupported).map((value) => ({
    value,
    label: fileFormatLabels[value],
  }));
  const close = () => {
    exporting.reset();
    onClose();
  };
  const run = async () => {
    if (!format || !isSupported(format)) return;
    try {
      const file = await exporting.mutateAsync({ fields, targetFormat: format });
      downloadFile(file.blob, file.fileName);
      notifications.show({ color: 'green', message: `Exported ${file.fileName}.` });
      close();
    } catch {
      // shown below
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Export fields"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="md">
        <Text size="sm">
          {formatCount(fields.length, 'field', 'fields')}:{' '}
          {fields.map((field) => field.name).join(', ')}
        </Text>
        <Select
          label="Format"
          placeholder={formats.isPending ? 'Loading formats…' : 'Choose a format'}
          data={options}
          value={format}
          onChange={setFormat}
          error={formats.isError ? messages.generic : undefined}
        />
        {exporting.isError && (
          <Alert color="red" variant="light" role="alert">
            {changeErrorMessage(exporting.error, messages.generic)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button onClick={() => void run()} loading={exporting.isPending} disabled={!format}>
            Download
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
