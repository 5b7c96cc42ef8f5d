import { type MeasurementSystem, PRODUCT_NAME } from '@baletrack/contracts/constants';
import type { BaleSummary } from '@baletrack/contracts/summaries/summary';
import type { ScheduledFrequency } from '@baletrack/domain/automated-reports/report-schedule';
import { formatMeasure } from '@baletrack/domain/units';

const frequencyWord = { nightly: 'Nightly', weekly: 'Weekly', monthly: 'Monthly' } as const;

export interface ReportMailInput {
  frequency: ScheduledFrequency;
  filterName: string;
  /** The period in words, e.g. 'Nov 16 – Nov 22, 2026'. */
  period: string;
  timezone: string;
  system: MeasurementSystem;
  rfvEnabled: boolean;
  includeCuttingless: boolean;
  /** Rows in the attached file. */
  baleCount: number;
  summary: BaleSummary;
  /** Where the owner manages the report. */
  settingsUrl: string;
  /** The yield per field sent with the report, when its owner asked for it. */
  yieldFile?: ReportYieldNote;
}

/** The yield per field file sent with a report: its crop year, that year's days, its name. */
export interface ReportYieldNote {
  cropYear: number;
  /** 'YYYY-MM-DD to YYYY-MM-DD' (UTC). */
  days: string;
  filename: string;
}

const percent = (value: number | null) => (value === null ? '–' : `${value.toFixed(1)} %`);
const plain = (value: number | null) => (value === null ? '–' : value.toFixed(0));

const subjectOf = (input: Pick<ReportMailInput, 'frequency' | 'filterName' | 'period'>) =>
  `${PRODUCT_NAME} ${input.frequency} report: ${input.filterName}, ${input.period}`;

/**
 * An automated report's mail: the summary in the body (in the report's units), the CSV attached,
 * and the yield per field's when asked (docs/product.md#automated-reports). Plain text, so every
 * mail client shows it the same.
 */
export function reportMail(input: ReportMailInput): { subject: string; text: string } {
  const { summary, system } = input;
  const weight = (kg: number | null) => (kg === null ? '–' : formatMeasure(kg, 'weight', system));
  const lines = [
    `${frequencyWord[input.frequency]} bale report: ${input.filterName}`,
    `${input.period} (${input.timezone})`,
    '',
    `Bales: ${summary.count.toLocaleString('en-US')}`,
    `Total weight: ${formatMeasure(summary.totalWeightKg, 'tonnage', system)}`,
    `Average weight: ${weight(summary.averages.weightKg)}`,
    `Average moisture: ${percent(summary.averages.avgMoisture)}`,
    `Highest peak moisture: ${percent(summary.maxPeakMoisture)}`,
    `Baled above safe moisture: ${summary.aboveSafeMoistureCount.toLocaleString('en-US')}`,
    ...(input.rfvEnabled ? [`Average RFV: ${plain(summary.averages.rfv)}`] : []),
    `Average crude protein: ${percent(summary.averages.protein)}`,
    `Average ADF: ${percent(summary.averages.adf)}`,
    `Average NDF: ${percent(summary.averages.ndf)}`,
    '',
    input.baleCount === 0
      ? 'No bales were made in this period, so the attached file has only its header row.'
      : `The attached CSV lists all ${input.baleCount.toLocaleString('en-US')} bales with every measurement.`,
    ...(input.includeCuttingless ? [] : ['Bales that are in no cutting are left out.']),
    ...(input.yieldFile
      ? [
          '',
          `Also attached, ${input.yieldFile.filename}: the yield per field of crop year ` +
            `${input.yieldFile.cropYear} (${input.yieldFile.days}), the farm's fields ranked by ` +
            "dry matter per area, each field's crop year and cuttings against the year before, " +
            "with the nitrogen, phosphate and potash the hay took off, in the organization's " +
            `units. It counts every visible bale of crop year ${input.yieldFile.cropYear} on the ` +
            "farm's fields, not only the report filter's selection.",
        ]
      : []),
    '',
    `Change or stop this report: ${input.settingsUrl}`,
    `— ${PRODUCT_NAME}`,
  ];
  return { subject: subjectOf(input), text: lines.join('\n') };
}
