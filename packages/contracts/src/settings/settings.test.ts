import { describe, expect, it } from 'vitest';
import { MEASUREMENT_SYSTEMS } from '../constants.ts';
import { messages } from '../errors/messages.ts';
import { issuesOf } from '../testing/issues-of.ts';
import {
  defaultSettings,
  settingsSchema,
  unitSystemByMeasurementSystem,
  unitSystems,
} from './settings.ts';

describe('settingsSchema', () => {
  it('accepts each measurement system and the default settings', () => {
    for (const measurementSystem of MEASUREMENT_SYSTEMS) {
      const settings = { ...defaultSettings, measurementSystem };
      expect(settingsSchema.parse(settings)).toEqual(settings);
    }
    expect(settingsSchema.parse(defaultSettings)).toEqual(defaultSettings);
  });

  it('takes crop-year start months 1 to 12 only', () => {
    expect(settingsSchema.parse({ ...defaultSettings, cropYearStartMonth: 12 })).toBeTruthy();
    for (const cropYearStartMonth of [0, 13, 6.5]) {
      expect(issuesOf(settingsSchema, { ...defaultSettings, cropYearStartMonth })).toEqual([
        { path: 'cropYearStartMonth', message: messages.settings.cropYearStartMonthInvalid },
      ]);
    }
  });

  it('rejects an API unit system in place of a measurement system', () => {
    const wrong = { ...defaultSettings, measurementSystem: 'Metric' };
    expect(settingsSchema.safeParse(wrong).success).toBe(false);
  });
});

describe('unit systems', () => {
  it('maps each measurement system onto the API unit system', () => {
    expect(unitSystems).toEqual(['Metric', 'Imperial', 'US']);
    expect(unitSystemByMeasurementSystem).toEqual({
      MetricSI: 'Metric',
      ImperialUK: 'Imperial',
      ImperialUS: 'US',
    });
  });
});
