import { z } from 'zod';
import { MEASUREMENT_SYSTEMS, type MeasurementSystem } from '../constants.ts';
import { messages } from '../errors/messages.ts';

export const measurementSystemSchema = z.enum(MEASUREMENT_SYSTEMS);

export const measurementSystemLabels = {
  MetricSI: 'Metric (SI)',
  ImperialUK: 'Imperial (UK)',
  ImperialUS: 'Imperial (US)',
} as const satisfies Record<MeasurementSystem, string>;

/** The unit system the data API takes in queries (docs/product.md#settings-and-units). */
export const unitSystems = ['Metric', 'Imperial', 'US'] as const;
export type UnitSystem = (typeof unitSystems)[number];
export const unitSystemSchema = z.enum(unitSystems);

export const unitSystemByMeasurementSystem = {
  MetricSI: 'Metric',
  ImperialUK: 'Imperial',
  ImperialUS: 'US',
} as const satisfies Record<MeasurementSystem, UnitSystem>;

/** Settings of the organization (GET and PUT). */
export const settingsSchema = z.object({
  /** On: show RFV; off: show the nutrition values instead. */
  rfvEnabled: z.boolean(),
  measurementSystem: measurementSystemSchema,
  /** 1 = January. The crop year runs from this month for twelve months. */
  cropYearStartMonth: z
    .number({ error: messages.settings.cropYearStartMonthInvalid })
    .int(messages.settings.cropYearStartMonthInvalid)
    .min(1, messages.settings.cropYearStartMonthInvalid)
    .max(12, messages.settings.cropYearStartMonthInvalid),
});
export type Settings = z.infer<typeof settingsSchema>;

/** A new organization's settings: US units to match the en-US locale, calendar crop year. */
export const defaultSettings: Settings = {
  rfvEnabled: true,
  measurementSystem: 'ImperialUS',
  cropYearStartMonth: 1,
};
