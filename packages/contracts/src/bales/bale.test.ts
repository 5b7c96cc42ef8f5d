import { describe, expect, it } from 'vitest';
import {
  baleSchema,
  baleShapeBySize,
  baleShapes,
  baleSizeLabels,
  baleSizeOptions,
  baleSizes,
  loadTypes,
  tagMaterials,
} from './bale.ts';

const bale = {
  uid: 'VIN123-000042',
  tagSerialNumber: 'E2003412B802011A',
  creationTime: '2025-06-02T14:31:07Z',
  creationLocation: { lat: 38.12, lon: -97.05 },
  currentLocation: { lat: 38.12, lon: -97.05 },
  updateTime: null,
  weightKg: 640,
  dryMassKg: 556.8,
  avgMoisture: 13,
  peakMoisture: 16,
  protein: 19.5,
  ash: 10.1,
  sugar: 24,
  temperature: 27,
  measurementQuality: 92,
  baleLengthMeters: 2.4,
  baleDiameterMeters: null,
  cutLengthMM: 38,
  flakeCount: 34,
  appliedPreservativeKg: 0,
  baleSize: 'FourXFour',
  rfv: 152,
  adf: 30,
  ndf: 40,
  balerVin: 'AGC1234567890ABCD',
  loadType: 'internal',
  fieldUIDs: ['6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f'],
  bindingMode: 'Twine',
  wrapsPerBale: null,
  stackType: null,
  missingTags: false,
};

describe('bale enumerations (docs/product.md#sizes-and-shapes)', () => {
  it('lists the size values and shows each with its label', () => {
    expect(baleSizes).toEqual([
      'ThreeXThree',
      'ThreeXFour',
      'FourXFour',
      'SeventyXEighty',
      'SeventyXOneTwenty',
      'FourFeet',
      'FiveFeet',
    ]);
    expect(baleSizeOptions.map((size) => baleSizeLabels[size])).toEqual([
      '3x3',
      '3x4',
      '4x4',
      '4ft',
      '5ft',
      '70x80',
      '70x120',
    ]);
  });

  it('lists shapes, tag materials and load types', () => {
    expect(baleShapes).toEqual(['LargeSquare', 'Round']);
    expect(tagMaterials).toEqual([
      'Unknown',
      'Mesh',
      'Twine',
      'Film',
      'TwineAndMesh',
      'TwineAndFilm',
    ]);
    expect(loadTypes).toEqual(['internal', 'retail']);
  });

  it('makes the feet sizes round and the rest large squares', () => {
    const rounds = baleSizes.filter((size) => baleShapeBySize[size] === 'Round');
    expect(rounds).toEqual(['FourFeet', 'FiveFeet']);
  });
});

describe('baleSchema', () => {
  it('accepts a recorded bale', () => {
    expect(baleSchema.parse(bale)).toEqual(bale);
  });

  it('accepts a bale the baler could not tag', () => {
    const untagged = { ...bale, tagSerialNumber: null, missingTags: true };
    expect(baleSchema.parse(untagged)).toEqual(untagged);
  });

  it.each([
    ['a moisture above 100 %', { avgMoisture: 101 }],
    ['a negative weight', { weightKg: -1 }],
    ['an unknown size', { baleSize: '6ft' }],
    ['a label instead of the size value', { baleSize: '4x4' }],
    ['an unknown binding', { bindingMode: 'Wire' }],
    ['an unknown load type', { loadType: 'export' }],
    ['a fractional flake count', { flakeCount: 33.5 }],
    ['a time without a zone', { creationTime: '2025-06-02 14:31' }],
    ['a location off the globe', { currentLocation: { lat: 95, lon: 0 } }],
  ])('rejects %s', (_what, change) => {
    expect(baleSchema.safeParse({ ...bale, ...change }).success).toBe(false);
  });
});
