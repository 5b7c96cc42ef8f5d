import { z } from 'zod';

/** File formats of the conversion API (spec §3). */
export const fileFormats = [
  'AGLEADER',
  'AUTOGUIDE_1000',
  'AUTOGUIDE_3000',
  'GEOJSON',
  'ISOXML_V33',
  'ISOXML_V42',
  'ISOXML_V43',
  'PFTM',
  'SHAPE',
  'TOPCON_319',
  'TOPCON_320',
  'TRIMBLE',
] as const;
export type FileFormat = (typeof fileFormats)[number];
export const fileFormatSchema = z.enum(fileFormats);

export const fileFormatLabels = {
  AGLEADER: 'Ag Leader',
  AUTOGUIDE_1000: 'AutoGuide 1000',
  AUTOGUIDE_3000: 'AutoGuide 3000',
  GEOJSON: 'GeoJSON',
  ISOXML_V33: 'ISOXML v3.3',
  ISOXML_V42: 'ISOXML v4.2',
  ISOXML_V43: 'ISOXML v4.3',
  PFTM: 'PFTM',
  SHAPE: 'Shapefile',
  TOPCON_319: 'Topcon 319',
  TOPCON_320: 'Topcon 320',
  TRIMBLE: 'Trimble',
} as const satisfies Record<FileFormat, string>;

/** GET /api/supported-import-formats and /api/supported-export-formats. */
export const supportedFormatsResponseSchema = z.object({ formats: z.array(fileFormatSchema) });
export type SupportedFormatsResponse = z.infer<typeof supportedFormatsResponseSchema>;

/** The text parts of the POST /api/convert-file multipart form (the file is the other part). */
export const convertFileFieldsSchema = z.object({
  sourceFormat: fileFormatSchema,
  targetFormat: fileFormatSchema,
});
export type ConvertFileFields = z.infer<typeof convertFileFieldsSchema>;
