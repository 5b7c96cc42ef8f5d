import { baleSizeLabels } from '@baletrack/contracts/bales/bale';
import type { HeatRiskWhy } from '@baletrack/contracts/heat-risk/heat-risk';
import { safeBalingBand } from '../moisture.ts';
import { PEAK_HEATING_DAYS } from './heat-risk.ts';

const pct = (n: number) => `${Math.round(n * 10) / 10} %`;

/**
 * The reasons of a heat-risk entry as sentences, in the order the rule weighs them: moisture
 * against the safe limit, size and shape, preservative, days since baling. Shown in the web's
 * watch list and in the daily mail.
 * @example heatRiskReasons(why)[0] // 'Moisture 20 %, 4 points above the safe 16 %.'
 */
export function heatRiskReasons(why: HeatRiskWhy): string[] {
  const shape = why.shape === 'Round' ? 'round' : 'large square';
  const days = why.daysSinceBaling;
  return [
    `Moisture ${pct(why.avgMoisture)}, ${Math.round(why.excessMoisture * 10) / 10} points above the safe ${pct(why.safeMaxMoisture)}.`,
    `${baleSizeLabels[why.baleSize]} ${shape}: dry ${shape}s are safe up to ${pct(safeBalingBand(why.shape, 'dry').max)}.`,
    why.preservativeKg > 0 ? 'Preservative applied: safe up to 30 %.' : 'No preservative applied.',
    `${days === 0 ? 'Baled today' : `Baled ${days === 1 ? '1 day' : `${days} days`} ago`}: ${
      days <= PEAK_HEATING_DAYS
        ? 'heating peaks in the first week.'
        : 'the risk falls until six weeks after baling.'
    }`,
  ];
}
