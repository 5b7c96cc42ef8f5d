import { type HeatmapMeasure, heatmapMeasures } from '@baletrack/contracts/heatmaps/heatmap';
import { useLocalStorage } from '@mantine/hooks';

/** The measure bales are coloured by; a preference of this browser, Weight at first. */
export function useColourMeasure() {
  return useLocalStorage<HeatmapMeasure>({
    key: 'baletrack.map.colour-measure',
    defaultValue: 'Weight',
    getInitialValueInEffect: false,
    deserialize: (value) => heatmapMeasures.find((measure) => measure === value) ?? 'Weight',
    serialize: (value) => value,
  });
}
