import { describe, expect, it } from 'vitest';
import { balingMoisture, heatRisk, safeBalingBand } from './moisture.ts';

describe('safeBalingBand', () => {
  it('gives the bands of docs/product.md#moisture', () => {
    expect(safeBalingBand('LargeSquare', 'dry')).toEqual({ min: 12, max: 16 });
    expect(safeBalingBand('Round', 'dry')).toEqual({ min: 15, max: 18 });
    expect(safeBalingBand('Round', 'preservative')).toEqual({ min: 16, max: 30 });
    expect(safeBalingBand('LargeSquare', 'baleage')).toEqual({ min: 40, max: 65 });
  });
});

describe('balingMoisture', () => {
  it('places a moisture against the band, bounds included', () => {
    expect(balingMoisture(11, 'LargeSquare', 'dry')).toBe('tooDry');
    expect(balingMoisture(12, 'LargeSquare', 'dry')).toBe('safe');
    expect(balingMoisture(16, 'LargeSquare', 'dry')).toBe('safe');
    expect(balingMoisture(17, 'LargeSquare', 'dry')).toBe('tooWet');
    expect(balingMoisture(17, 'Round', 'dry')).toBe('safe');
    expect(balingMoisture(25, 'Round', 'preservative')).toBe('safe');
    expect(balingMoisture(30, 'Round', 'baleage')).toBe('tooDry');
  });
});

describe('heatRisk', () => {
  it('rises with the moisture of untreated hay', () => {
    expect(heatRisk(14, { preserved: false })).toBe('low');
    expect(heatRisk(20, { preserved: false })).toBe('low');
    expect(heatRisk(21, { preserved: false })).toBe('heating');
    expect(heatRisk(27, { preserved: false })).toBe('fire');
  });

  it('is low for preserved hay up to 30 % and untreated beyond', () => {
    expect(heatRisk(28, { preserved: true })).toBe('low');
    expect(heatRisk(31, { preserved: true })).toBe('fire');
  });

  it('takes a hot measured bale as a fire risk', () => {
    expect(heatRisk(12, { preserved: true, temperatureC: 61 })).toBe('fire');
    expect(heatRisk(12, { preserved: false, temperatureC: 35 })).toBe('low');
  });
});
