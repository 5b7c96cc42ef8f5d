import { describe, expect, it } from 'vitest';
import {
  K2O_PER_K,
  P2O5_PER_P,
  publishedRemoval,
  removalBasisOf,
  removalCoefficients,
} from './nutrient-removal.ts';

describe('publishedRemoval', () => {
  it('states the published elements as oxides, to a tenth', () => {
    // P2O5 is 43.6 % phosphorus and K2O 83.0 % potassium by mass.
    expect(1 / P2O5_PER_P).toBeCloseTo(0.4364, 4);
    expect(1 / K2O_PER_K).toBeCloseTo(0.8301, 4);
    expect(publishedRemoval).toEqual({
      // 3 kg P and 25 kg K per tonne of lucerne or clover hay's dry matter.
      legume: { p2o5KgPerTonneDm: 6.9, k2oKgPerTonneDm: 30.1 },
      // 2.75 kg P and 20 kg K: grass-clover hay.
      pasture: { p2o5KgPerTonneDm: 6.3, k2oKgPerTonneDm: 24.1 },
      // 2 kg P and 17.5 kg K: oaten hay.
      cereal: { p2o5KgPerTonneDm: 4.6, k2oKgPerTonneDm: 21.1 },
    });
  });
});

describe('removalBasisOf', () => {
  it('reads a legume alone as lucerne or clover hay', () => {
    expect(removalBasisOf('Alfalfa')).toBe('legume');
    expect(removalBasisOf('Red clover')).toBe('legume');
    expect(removalBasisOf('LUCERNE 3rd year')).toBe('legume');
  });

  it('reads a cereal cut for hay as oaten hay', () => {
    expect(removalBasisOf('Oat hay')).toBe('cereal');
    expect(removalBasisOf('Oaten hay')).toBe('cereal');
    expect(removalBasisOf('Barley')).toBe('cereal');
    expect(removalBasisOf('Triticale')).toBe('cereal');
  });

  it('reads grasses, mixes and names it does not know as grass-clover hay', () => {
    expect(removalBasisOf('Timothy')).toBe('pasture');
    expect(removalBasisOf('Alfalfa/orchardgrass')).toBe('pasture');
    expect(removalBasisOf('Barley and vetch')).toBe('pasture');
    expect(removalBasisOf('Goatsbeard meadow')).toBe('pasture');
    expect(removalBasisOf('')).toBe('pasture');
  });
});

describe('removalCoefficients', () => {
  it("takes a crop's own values where set, the published row's elsewhere", () => {
    expect(
      removalCoefficients({ name: 'Alfalfa', p2o5KgPerTonneDm: 5.5, k2oKgPerTonneDm: null }),
    ).toEqual({ p2o5KgPerTonneDm: 5.5, k2oKgPerTonneDm: 30.1 });
    expect(
      removalCoefficients({ name: 'Timothy', p2o5KgPerTonneDm: null, k2oKgPerTonneDm: 0 }),
    ).toEqual({ p2o5KgPerTonneDm: 6.3, k2oKgPerTonneDm: 0 });
  });
});
