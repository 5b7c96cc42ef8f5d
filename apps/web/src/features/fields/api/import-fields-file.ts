import {
  type ConvertedFeatureCollection,
  convertedFeatureCollectionSchema,
  convertFileParts,
  type SupportedFileFormat,
} from '@baletrack/contracts/convert/formats';
import { useMutation } from '@tanstack/react-query';
import { convertApiFetch } from '@/features/fields/api/convert-client';

export interface ImportFieldsFile {
  file: File;
  /** Undefined: the server detects the format from the file's contents. */
  sourceFormat?: SupportedFileFormat;
}

/**
 * POST /api/convert-file to GeoJSON: the file's fields in WGS84 with names from its attributes,
 * and what was refused and why. Nothing is saved; the grower picks what to keep.
 */
export async function importFieldsFile({
  file,
  sourceFormat,
}: ImportFieldsFile): Promise<ConvertedFeatureCollection> {
  const form = new FormData();
  form.append(convertFileParts.targetFormat, 'GEOJSON');
  if (sourceFormat) form.append(convertFileParts.sourceFormat, sourceFormat);
  form.append(convertFileParts.file, file, file.name);
  const response = await convertApiFetch('/api/convert-file', { method: 'POST', body: form });
  return convertedFeatureCollectionSchema.parse(await response.json());
}

export function useImportFieldsFile() {
  return useMutation({ mutationFn: importFieldsFile });
}
