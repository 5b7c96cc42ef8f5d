import { describe, expect, it } from 'vitest';
import { messages } from '../errors/messages.ts';
import { issuesOf } from '../testing/issues-of.ts';
import {
  HEATMAP_MIN_ZOOM,
  heatmapMeasures,
  heatmapMessages,
  heatmapQuerySchema,
  heatmapTypes,
  heatmapViewSchema,
} from './heatmap.ts';

const fieldId = '0b9a4c4e-3f7e-4a52-9d43-0c6a1f2b3c4d';

describe('heatmap enumerations', () => {
  it('lists the spec types and measures', () => {
    expect(heatmapTypes).toEqual(['Overlay', 'Icon']);
    expect(heatmapMeasures).toEqual(['Weight', 'AvgMoisture', 'RFV']);
  });
});

describe('heatmapQuerySchema', () => {
  it('needs a field and a measure', () => {
    expect(heatmapQuerySchema.parse({ fieldId, measure: 'RFV' })).toEqual({
      fieldId,
      measure: 'RFV',
    });
    expect(issuesOf(heatmapQuerySchema, { measure: 'RFV' })).toEqual([
      { path: 'fieldId', message: messages.heatmap.fieldRequired },
    ]);
    expect(issuesOf(heatmapQuerySchema, { fieldId, measure: 'Protein' })).toEqual([
      { path: 'measure', message: heatmapMessages.measureInvalid },
    ]);
  });

  it('takes the map time filter and an applied filter like other bale reads', () => {
    const filterId = '7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f';
    expect(
      heatmapQuerySchema.parse({ fieldId, measure: 'Weight', year: '2025', filterId }),
    ).toEqual({ fieldId, measure: 'Weight', year: 2025, filterId });
  });
});

describe('heatmapViewSchema', () => {
  it('needs sufficient zoom and a field', () => {
    expect(heatmapViewSchema.parse({ fieldId, zoom: HEATMAP_MIN_ZOOM })).toBeTruthy();
    expect(issuesOf(heatmapViewSchema, { fieldId: 'none', zoom: HEATMAP_MIN_ZOOM - 0.5 })).toEqual([
      { path: 'fieldId', message: messages.heatmap.fieldRequired },
      { path: 'zoom', message: messages.heatmap.zoomTooLow },
    ]);
  });
});
