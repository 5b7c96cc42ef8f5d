import { describe, expect, it } from 'vitest';
import { messages } from '../errors/messages.ts';
import { issuesOf } from '../testing/issues-of.ts';
import { boundarySchema } from './boundary.ts';
import { latLonSchema } from './lat-lon.ts';

const v = messages.validation;
const square = [
  [-97.1, 38.1],
  [-97.0, 38.1],
  [-97.0, 38.2],
  [-97.1, 38.2],
  [-97.1, 38.1],
];

describe('latLonSchema', () => {
  it('accepts a point on earth and rejects one off it', () => {
    expect(latLonSchema.parse({ lat: 38.1, lon: -97.1 })).toEqual({ lat: 38.1, lon: -97.1 });
    expect(issuesOf(latLonSchema, { lat: 91, lon: -181 })).toEqual([
      { path: 'lat', message: v.latitudeOutOfRange },
      { path: 'lon', message: v.longitudeOutOfRange },
    ]);
  });
});

describe('boundarySchema', () => {
  it('accepts a Polygon, with a hole, and a MultiPolygon', () => {
    const polygon = { type: 'Polygon', coordinates: [square] };
    expect(boundarySchema.parse(polygon)).toEqual(polygon);
    const withHole = { type: 'Polygon', coordinates: [square, square] };
    expect(boundarySchema.parse(withHole)).toEqual(withHole);
    const multi = { type: 'MultiPolygon', coordinates: [[square], [square]] };
    expect(boundarySchema.parse(multi)).toEqual(multi);
  });

  it('rejects an open ring', () => {
    const open = { type: 'Polygon', coordinates: [[...square.slice(0, 4), [-97.05, 38.15]]] };
    expect(issuesOf(boundarySchema, open)).toEqual([
      { path: 'coordinates.0', message: v.boundaryRingNotClosed },
    ]);
  });

  it('rejects a ring with fewer than 3 corners', () => {
    const line = { type: 'Polygon', coordinates: [[square[0], square[1], square[0]]] };
    expect(issuesOf(boundarySchema, line).map((issue) => issue.message)).toContain(
      v.boundaryRingTooShort,
    );
  });

  it('rejects positions written as [lat, lon] beyond latitude range', () => {
    const swapped = { type: 'Polygon', coordinates: [square.map(([lon, lat]) => [lat, lon])] };
    expect(issuesOf(boundarySchema, swapped).map((issue) => issue.message)).toContain(
      v.latitudeOutOfRange,
    );
  });

  it('rejects other geometry types', () => {
    expect(boundarySchema.safeParse({ type: 'Point', coordinates: [-97, 38] }).success).toBe(false);
  });
});
