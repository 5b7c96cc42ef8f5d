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
 * An automated report's mail: the summary in the body (in the report's units), the CSV attached
 * (docs/product.md#automated-reports). Plain text, so every mail client shows it the same.
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
          `The yield per field of crop year ${input.yieldFile.cropYear} comes with this report ` +
            `in a second mail, attached as ${input.yieldFile.filename}.`,
        ]
      : []),
    '',
    `Change or stop this report: ${input.settingsUrl}`,
    `— ${PRODUCT_NAME}`,
  ];
  return { subject: subjectOf(input), text: lines.join('\n') };
}

/**
 * The mail that carries a report's yield per field CSV. The outbox holds one file per mail
 * (apps/server/src/lib/mail/outbox.repository.ts), so the yield travels beside the report's mail,
 * queued in the same transaction: both go out, or neither.
 */
export function reportYieldMail(
  input: Pick<ReportMailInput, 'frequency' | 'filterName' | 'period' | 'timezone' | 'settingsUrl'>,
  yieldFile: ReportYieldNote,
): { subject: string; text: string } {
  const { cropYear, days, filename } = yieldFile;
  const lines = [
    `Yield per field, crop year ${cropYear} (${days})`,
    `With the ${input.frequency} bale report: ${input.filterName}, ${input.period} ` +
      `(${input.timezone})`,
    '',
    `The attached CSV (${filename}) ranks the farm's fields by dry matter per area: each ` +
      "field's crop year, then each of its cuttings, against the year before, in the " +
      "organization's units.",
    `It counts every visible bale of crop year ${cropYear} on the farm's fields, not only ` +
      "the report filter's selection.",
    '',
    `Change or stop this report: ${input.settingsUrl}`,
    `— ${PRODUCT_NAME}`,
  ];
  return {
    subject: `${subjectOf(input)}: yield per field ${cropYear}`,
    text: lines.join('\n'),
  };
}
