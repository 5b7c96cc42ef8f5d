import {
  convertFileParts,
  fileFormatExtensions,
  type SupportedFileFormat,
} from '@baletrack/contracts/convert/formats';
import type { Field } from '@baletrack/contracts/fields/field';
import { useMutation } from '@tanstack/react-query';
import { convertApiFetch } from '@/features/fields/api/convert-client';
import { fieldsExportCollection } from '@/features/fields/utils/field-export';

export interface ExportFields {
  fields: Field[];
  targetFormat: SupportedFileFormat;
}

export interface ExportedFile {
  blob: Blob;
  fileName: string;
}

const UPLOAD_NAME = 'fields';

/**
 * POST /api/convert-file from GeoJSON: the selected fields, as the conversion API reads them,
 * converted to the chosen format. The server names the file; ours is the fallback.
 */
export async function exportFields({ fields, targetFormat }: ExportFields): Promise<ExportedFile> {
  const geojson = JSON.stringify(fieldsExportCollection(fields));
  const form = new FormData();
  form.append(convertFileParts.sourceFormat, 'GEOJSON');
  form.append(convertFileParts.targetFormat, targetFormat);
  form.append(
    convertFileParts.file,
    new Blob([geojson], { type: 'application/geo+json' }),
    `${UPLOAD_NAME}.geojson`,
  );
  const response = await convertApiFetch('/api/convert-file', { method: 'POST', body: form });
  const fileName =
    attachmentName(response.headers.get('Content-Disposition')) ??
    `${UPLOAD_NAME}.${fileFormatExtensions[targetFormat]}`;
  return { blob: await response.blob(), fileName };
}

// `attachment; filename="fields.zip"` → fields.zip
function attachmentName(disposition: string | null): string | undefined {
  const match = disposition?.match(/filename\*?=(?:UTF-8'')?"?([^";]+)"?/i);
  return match?.[1] ? decodeURIComponent(match[1]) : undefined;
}

export function useExportFields() {
  return useMutation({ mutationFn: exportFields });
}
