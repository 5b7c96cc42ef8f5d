import { describe, expect, it } from 'vitest';
import {
  convertFileFieldsSchema,
  fileFormatLabels,
  fileFormats,
  supportedFormatsResponseSchema,
} from './formats.ts';

describe('file formats', () => {
  it('lists the 12 formats of the spec', () => {
    expect(fileFormats).toEqual([
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
    ]);
    expect(Object.keys(fileFormatLabels).sort()).toEqual([...fileFormats].sort());
  });

  it('accepts known formats only', () => {
    expect(supportedFormatsResponseSchema.parse({ formats: ['GEOJSON', 'SHAPE'] })).toEqual({
      formats: ['GEOJSON', 'SHAPE'],
    });
    expect(supportedFormatsResponseSchema.safeParse({ formats: ['KML'] }).success).toBe(false);
    const fields = { sourceFormat: 'SHAPE', targetFormat: 'ISOXML_V43' };
    expect(convertFileFieldsSchema.parse(fields)).toEqual(fields);
    expect(convertFileFieldsSchema.safeParse({ ...fields, targetFormat: 'geojson' }).success).toBe(
      false,
    );
  });
});
