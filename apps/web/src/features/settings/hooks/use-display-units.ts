import type { MeasurementSystem } from '@baletrack/contracts/constants';
import { defaultSettings } from '@baletrack/contracts/settings/settings';
import { useMemo } from 'react';
import { useOrganizationSettings } from '@/features/settings/api/get-settings';
import { type DisplayUnits, displayUnits } from '@/lib/display-units';

/**
 * The organization's measurement system: the one place that decides it. Every screen that shows
 * units reads it through this hook, so a change in Settings shows everywhere at once. Until the
 * settings have loaded (or if they cannot), the default settings' system is used.
 */
export function useMeasurementSystem(): MeasurementSystem {
  const settings = useOrganizationSettings();
  return settings.data?.measurementSystem ?? defaultSettings.measurementSystem;
}

/** Whether RFV is shown; off, the nutrition values are shown instead (settings). */
export function useRfvEnabled(): boolean {
  const settings = useOrganizationSettings();
  return settings.data?.rfvEnabled ?? defaultSettings.rfvEnabled;
}

/** Converters from stored SI values to the organization's units. */
export function useDisplayUnits(): DisplayUnits {
  const system = useMeasurementSystem();
  return useMemo(() => displayUnits(system), [system]);
}
