import { describe, expect, it } from 'vitest';
import { messages } from '../errors/messages.ts';
import { issuesOf } from '../testing/issues-of.ts';
import {
  HEATMAP_MIN_ZOOM,
  heatmapMeasures,
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
    expect(heatmapQuerySchema.safeParse({ fieldId, measure: 'Protein' }).success).toBe(false);
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
