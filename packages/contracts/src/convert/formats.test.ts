import { describe, expect, it } from 'vitest';
import {
  convertedFeatureCollectionSchema,
  convertFileFieldsSchema,
  convertReportHeaderValue,
  fileFormatLabels,
  fileFormats,
  isSupportedFileFormat,
  parseConvertReportHeader,
  supportedFileFormats,
  supportedFormatsResponseSchema,
  unspecifiedFileFormats,
} from './formats.ts';

describe('file formats', () => {
  it('lists the 12 formats of the spec, then our KML and KMZ extras', () => {
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
      'KML',
      'KMZ',
    ]);
    expect(Object.keys(fileFormatLabels).sort()).toEqual([...fileFormats].sort());
  });

  it('splits formats into supported and unspecified, with nothing left over', () => {
    expect([...supportedFileFormats, ...unspecifiedFileFormats].sort()).toEqual(
      [...fileFormats].sort(),
    );
    expect(isSupportedFileFormat('SHAPE')).toBe(true);
    expect(isSupportedFileFormat('TOPCON_320')).toBe(false);
  });

  it('accepts known formats only, the source being optional', () => {
    expect(supportedFormatsResponseSchema.parse({ formats: ['GEOJSON', 'KML'] })).toEqual({
      formats: ['GEOJSON', 'KML'],
    });
    expect(supportedFormatsResponseSchema.safeParse({ formats: ['DXF'] }).success).toBe(false);
    const fields = { sourceFormat: 'SHAPE', targetFormat: 'ISOXML_V43' };
    expect(convertFileFieldsSchema.parse(fields)).toEqual(fields);
    expect(convertFileFieldsSchema.parse({ targetFormat: 'GEOJSON' })).toEqual({
      targetFormat: 'GEOJSON',
    });
    expect(convertFileFieldsSchema.safeParse({ ...fields, targetFormat: 'geojson' }).success).toBe(
      false,
    );
  });

  it('round-trips the report header and rejects a malformed one', () => {
    const report = {
      sourceFormat: 'SHAPE' as const,
      refused: [{ index: 2, name: 'North, "90%"', reason: 'A boundary must end where it starts.' }],
      notes: ['No .prj'],
    };
    expect(parseConvertReportHeader(convertReportHeaderValue(report))).toEqual(report);
    expect(parseConvertReportHeader('%7Bnope')).toBeUndefined();
    expect(parseConvertReportHeader(undefined)).toBeUndefined();
  });

  it('describes the GeoJSON answer: named polygons plus the report', () => {
    const square = [
      [
        [0, 0],
        [0, 0.01],
        [0.01, 0.01],
        [0, 0],
      ],
    ];
    const body = {
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          properties: { name: 'Home' },
          geometry: { type: 'Polygon', coordinates: square },
        },
      ],
      sourceFormat: 'KML',
      refused: [],
      notes: [],
    };
    expect(convertedFeatureCollectionSchema.parse(body)).toEqual(body);
    const unnamed = { ...body, features: [{ ...body.features[0], properties: {} }] };
    expect(convertedFeatureCollectionSchema.safeParse(unnamed).success).toBe(false);
  });
});
