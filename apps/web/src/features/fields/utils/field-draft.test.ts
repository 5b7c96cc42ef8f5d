import type { Boundary } from '@baletrack/contracts/geo/boundary';
import { describe, expect, it } from 'vitest';
import { displayUnits } from '@/lib/display-units';
import { DRAW_FIRST, draftOf, fieldRequest, SIZE_NOT_A_NUMBER } from './field-draft';

const boundary: Boundary = {
  type: 'Polygon',
  coordinates: [
    [
      [-120.33, 46.55],
      [-120.32, 46.55],
      [-120.32, 46.56],
      [-120.33, 46.55],
    ],
  ],
};
const metric = displayUnits('MetricSI');
const imperial = displayUnits('ImperialUS');

describe('fieldRequest', () => {
  it('builds the request, the known size typed in acres stored in hectares', () => {
    const { request, problems } = fieldRequest(
      { name: ' North 40 ', sizeText: '40', boundary },
      imperial,
    );
    expect(problems).toEqual({});
    expect(request?.name).toBe('North 40');
    expect(request?.sizeHectares).toBeCloseTo(16.187, 3);
    expect(request?.boundary).toEqual(boundary);
  });

  it('asks for a name, a boundary and a sensible size', () => {
    const { request, problems } = fieldRequest(
      { name: ' ', sizeText: 'big', boundary: null },
      metric,
    );
    expect(request).toBeUndefined();
    expect(problems).toEqual({
      name: 'Name is required.',
      sizeHectares: SIZE_NOT_A_NUMBER,
      boundary: DRAW_FIRST,
    });
  });

  it('leaves the size empty as null', () => {
    expect(fieldRequest({ name: 'A', sizeText: '', boundary }, metric).request?.sizeHectares).toBe(
      null,
    );
  });
});

describe('draftOf', () => {
  it('shows the known size in the organization unit', () => {
    const field = { id: '1', name: 'A', sizeHectares: 16.1874, areaHectares: 16, boundary };
    expect(draftOf(field, imperial).sizeText).toBe('40');
    // Sent back untouched unless the grower changed it.
    const renamed = { ...draftOf(field, imperial), name: 'B' };
    expect(fieldRequest(renamed, imperial).request?.sizeHectares).toBe(16.1874);
    expect(
      fieldRequest({ ...renamed, sizeText: '41' }, imperial).request?.sizeHectares,
    ).toBeCloseTo(16.592, 3);
    expect(draftOf(undefined, metric)).toEqual({ name: '', sizeText: '', boundary: null });
  });
});
