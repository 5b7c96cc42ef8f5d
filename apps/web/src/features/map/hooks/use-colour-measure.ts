import { useLocalStorage } from '@mantine/hooks';
import { useMemo } from 'react';
import {
  type MapMeasure,
  mapMeasures,
  measureScale,
  shownMeasure,
} from '@/features/map/utils/measure-scale';
import type { DisplayUnits } from '@/lib/display-units';

/** The measure bales are coloured by; a preference of this browser, Weight at first. */
export function useColourMeasure() {
  return useLocalStorage<MapMeasure>({
    key: 'baletrack.map.colour-measure',
    defaultValue: 'Weight',
    getInitialValueInEffect: false,
    deserialize: (value) => mapMeasures.find((measure) => measure === value) ?? 'Weight',
    serialize: (value) => value,
  });
}

/**
 * The map's colour classes for the chosen measure as the organization reads it (RFV or crude
 * protein, legume grades or not: docs/product.md#settings-and-units), and the setter of the
 * choice.
 */
export function useMapColour(rfvEnabled: boolean, units: DisplayUnits) {
  const [chosen, setMeasure] = useColourMeasure();
  const measure = shownMeasure(chosen, rfvEnabled);
  const scale = useMemo(
    () => measureScale(measure, units, rfvEnabled),
    [measure, units, rfvEnabled],
  );
  return { scale, setMeasure };
}
