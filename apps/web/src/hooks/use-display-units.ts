import type { MeasurementSystem } from '@baletrack/contracts/constants';
import { defaultSettings } from '@baletrack/contracts/settings/settings';
import { useMemo } from 'react';
import { type DisplayUnits, displayUnits } from '@/lib/display-units';

/**
 * The organization's measurement system. The one place that decides it: the settings API has
 * no endpoint yet, so this is the spec's default until the settings feature plugs its query in
 * here (every screen that shows units reads it through this hook).
 */
export function useMeasurementSystem(): MeasurementSystem {
  return defaultSettings.measurementSystem;
}

/** Converters from stored SI values to the organization's units. */
export function useDisplayUnits(): DisplayUnits {
  const system = useMeasurementSystem();
  return useMemo(() => displayUnits(system), [system]);
}
