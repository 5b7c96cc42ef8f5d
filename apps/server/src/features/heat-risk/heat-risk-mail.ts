import { PRODUCT_NAME } from '@baletrack/contracts/constants';
import {
  type HeatRiskBale,
  type HeatRiskEntry,
  heatRiskBaleTitle,
} from '@baletrack/contracts/heat-risk/heat-risk';
import { heatRiskReasons } from '@baletrack/domain/heat-risk/heat-risk-reasons';

/** How many entries the mail lists in full; the rest are counted, the page has them all. */
export const MAIL_ENTRY_LIMIT = 20;

function describe(entry: HeatRiskEntry): { title: string; worst: HeatRiskBale } {
  if (entry.kind === 'bale') return { title: heatRiskBaleTitle(entry.bale), worst: entry.bale };
  const worst = entry.bales[0] as HeatRiskBale;
  const atRisk = entry.bales.length;
  return {
    title: `Stack of ${entry.baleCount} bales (${atRisk} at risk) near ${entry.lat.toFixed(5)}, ${entry.lon.toFixed(5)}`,
    worst,
  };
}

/**
 * The day's heat-risk mail: each entry at high risk once, with why, most urgent first, and a link
 * to the watch list. Plain text, like the automated reports.
 */
export function heatRiskMail(input: { day: string; entries: HeatRiskEntry[]; listUrl: string }): {
  subject: string;
  text: string;
} {
  const shown = input.entries.slice(0, MAIL_ENTRY_LIMIT);
  const lines = [
    `${input.entries.length} ${input.entries.length === 1 ? 'entry is' : 'entries are'} at high risk of heating (${input.day}).`,
    'Check their temperature with a probe; from 60 °C (140 °F) move the hay apart, and call the fire service if it keeps rising.',
    '',
  ];
  for (const entry of shown) {
    const { title, worst } = describe(entry);
    lines.push(title, ...heatRiskReasons(worst.why).map((r) => `  - ${r}`), '');
  }
  if (input.entries.length > shown.length) {
    lines.push(`…and ${input.entries.length - shown.length} more.`, '');
  }
  lines.push(`The whole watch list: ${input.listUrl}`, `— ${PRODUCT_NAME}`);
  return {
    subject: `${PRODUCT_NAME}: ${input.entries.length} at high risk of heating, ${input.day}`,
    text: lines.join('\n'),
  };
}
