import type { MeasurementSystem } from '@baletrack/contracts/constants';
import {
  formatMeasure,
  fromDisplayValue,
  type Quantity,
  toDisplayValue,
  unitOf,
} from '@baletrack/domain/units';

/** Stored SI values shown in one measurement system (@baletrack/domain/units does the work). */
export interface DisplayUnits {
  system: MeasurementSystem;
  /** '1,102 lb', '7 ft 10 in', '68 °F'. */
  format: (value: number, quantity: Quantity, digits?: number) => string;
  /** The unit's symbol: 'lb', 'tons'. */
  symbol: (quantity: Quantity) => string;
  /** A value in the display unit back to SI (class limits chosen in the grower's unit). */
  toSI: (value: number, quantity: Quantity) => number;
  /** A stored SI value as a number in the display unit (a filter's limit shown for editing). */
  fromSI: (value: number, quantity: Quantity) => number;
}

export function displayUnits(system: MeasurementSystem): DisplayUnits {
  return {
    system,
    format: (value, quantity, digits) =>
      formatMeasure(value, quantity, system, digits === undefined ? {} : { digits }),
    symbol: (quantity) => unitOf(quantity, system).symbol,
    toSI: (value, quantity) => fromDisplayValue(value, quantity, system),
    fromSI: (value, quantity) => toDisplayValue(value, quantity, system),
  };
}
