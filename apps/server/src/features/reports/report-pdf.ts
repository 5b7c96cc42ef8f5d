import type { MeasurementSystem } from '@baletrack/contracts/constants';
import {
  alfalfaGrades,
  type BaleSummary,
  type BaleSummaryGroup,
  grassGrades,
} from '@baletrack/contracts/summaries/summary';
import { formatMeasure, formatNumber, type Quantity, unitOf } from '@baletrack/domain/units';
import PDFDocument from 'pdfkit';
import { pdfText } from './pdf-text.ts';
import {
  BOLD,
  barChart,
  type Doc,
  FONT,
  figures,
  formatCount,
  heading,
  INK,
  MUTED,
  pageFooters,
  type TableColumn,
  table,
  tableStartHeight,
} from './report-pdf-parts.ts';
import { type ReportYield, reportPdfYield } from './report-pdf-yield.ts';

/** Everything the printable report shows (docs/product.md#reports), worked out beforehand. */
export interface ReportPdfContent {
  organizationName: string;
  filterName: string;
  /** The filter's conditions in words, a line each. */
  conditions: string[];
  /** The days covered, in words. */
  dates: string;
  system: MeasurementSystem;
  rfvEnabled: boolean;
  cuttinglessIncluded: boolean;
  summary: BaleSummary;
  byField: BaleSummaryGroup[];
  byCutting: BaleSummaryGroup[];
  /** The yield per field of the report's crop year: every visible bale of it, not the filter's. */
  fieldYield: ReportYield;
  generatedAt: Date;
}

const systemNames: Record<MeasurementSystem, string> = {
  MetricSI: 'Metric',
  ImperialUK: 'Imperial (UK)',
  ImperialUS: 'US customary',
};

const dash = '-';
/** Room for the note under a groups table (a gap and one line of 8 pt). */
const NOTE_HEIGHT = 16;
const percent = (value: number | null) => (value === null ? dash : `${value.toFixed(1)} %`);
const index = (value: number | null) => (value === null ? dash : value.toFixed(0));

function unitsLine(system: MeasurementSystem): string {
  const symbols = (['weight', 'tonnage', 'temperature'] as Quantity[]).map(
    (q) => unitOf(q, system).symbol,
  );
  return `${systemNames[system]}: ${symbols.join(', ')}; nutrition in % of dry matter`;
}

function header(doc: Doc, content: ReportPdfContent): void {
  const left = doc.page.margins.left;
  doc.font(BOLD).fontSize(20).fillColor(INK).text(pdfText(content.organizationName), left);
  doc.font(FONT).fontSize(12).fillColor(MUTED).text('Bale report');
  doc.moveDown(0.8);
  const line = (label: string, value: string) => {
    doc.font(BOLD).fontSize(10).fillColor(INK).text(`${label}: `, { continued: true });
    doc.font(FONT).text(pdfText(value));
  };
  line('Filter', content.filterName);
  for (const condition of content.conditions) {
    doc
      .font(FONT)
      .fontSize(9)
      .fillColor(MUTED)
      .text(`- ${pdfText(condition)}`, left + 12);
  }
  doc.x = left;
  line('Dates', content.dates);
  line('Units', unitsLine(content.system));
  line(
    'Bales without a cutting',
    content.cuttinglessIncluded ? 'as the filter keeps them' : 'left out',
  );
}

function summaryFigures(doc: Doc, content: ReportPdfContent): void {
  const { summary: s, system, rfvEnabled } = content;
  const measure = (value: number | null, quantity: Quantity) =>
    value === null ? dash : formatMeasure(value, quantity, system);
  const a = s.averages;
  const pairs: [string, string][] = [
    ['Bales', formatCount(s.count)],
    ['Total weight', measure(s.totalWeightKg, 'tonnage')],
    ['Average weight', measure(a.weightKg, 'weight')],
    ['Total dry mass', measure(s.totalDryMassKg, 'tonnage')],
    ['Average moisture', percent(a.avgMoisture)],
    ['Average peak moisture', percent(a.peakMoisture)],
    ['Highest peak moisture', percent(s.maxPeakMoisture)],
    ['Above safe moisture', `${formatCount(s.aboveSafeMoistureCount)} bales`],
    ...(rfvEnabled ? [['Average RFV', index(a.rfv)] as [string, string]] : []),
    ['Average protein', percent(a.protein)],
    ['Average ADF', percent(a.adf)],
    ['Average NDF', percent(a.ndf)],
    ['Average ash', percent(a.ash)],
    ['Average NFC', percent(a.sugar)],
  ];
  figures(doc, pairs);
}

/**
 * Grades as bar charts. Legume grades are RFV-based (docs/product.md#quality-grades), so with RFV
 * turned off in the settings they are not shown, only how many bales that leaves out.
 */
function grades(doc: Doc, content: ReportPdfContent): void {
  const { grades: g, count } = content.summary;
  const legume = alfalfaGrades.map((grade) => ({ label: grade, count: g.legume[grade] }));
  const grass = grassGrades.map((grade) => ({ label: grade, count: g.grass[grade] }));
  const legumeCount = legume.reduce((sum, bar) => sum + bar.count, 0);
  const grassCount = grass.reduce((sum, bar) => sum + bar.count, 0);
  if (legumeCount > 0 && content.rfvEnabled) {
    barChart(doc, 'Legume hay (USDA, by RFV)', legume, count);
  }
  if (grassCount > 0) barChart(doc, 'Grass hay (by crude protein)', grass, count);
  const notes: string[] = [];
  if (legumeCount > 0 && !content.rfvEnabled) {
    notes.push(
      `${formatCount(legumeCount)} legume bales are not graded here: their grade is RFV-based ` +
        'and RFV is turned off in the settings.',
    );
  }
  if (g.ungraded > 0) {
    notes.push(
      `${formatCount(g.ungraded)} bales not graded: in no cutting with a crop, or without the ` +
        'values their grade needs.',
    );
  }
  if (legumeCount + grassCount === 0 && notes.length === 0) notes.push('No bale is graded.');
  for (const note of notes) doc.font(FONT).fontSize(9).fillColor(MUTED).text(note);
}

function groupColumns(content: ReportPdfContent, first: string): TableColumn<BaleSummaryGroup>[] {
  const tonnage = unitOf('tonnage', content.system);
  const tons = (kg: number) => formatNumber(tonnage.fromSI(kg), tonnage.digits);
  return [
    { title: first, width: 0.34, cell: (g) => g.name },
    { title: 'Bales', width: 0.11, align: 'right', cell: (g) => formatCount(g.count) },
    {
      title: `Weight (${tonnage.symbol})`,
      width: 0.15,
      align: 'right',
      cell: (g) => tons(g.totalWeightKg),
    },
    {
      title: `Dry matter (${tonnage.symbol})`,
      width: 0.15,
      align: 'right',
      cell: (g) => tons(g.totalDryMassKg),
    },
    {
      title: 'Moisture',
      width: 0.12,
      align: 'right',
      cell: (g) => percent(g.averages.avgMoisture),
    },
    content.rfvEnabled
      ? { title: 'RFV', width: 0.13, align: 'right', cell: (g) => index(g.averages.rfv) }
      : { title: 'Protein', width: 0.13, align: 'right', cell: (g) => percent(g.averages.protein) },
  ];
}

function groups(
  doc: Doc,
  content: ReportPdfContent,
  by: { title: string; column: string; plural: string },
  rows: BaleSummaryGroup[],
) {
  heading(doc, by.title, tableStartHeight(rows.length, NOTE_HEIGHT));
  if (rows.length === 0) {
    doc.font(FONT).fontSize(9).fillColor(MUTED).text('No bales.');
    return;
  }
  // The note below stays on the page of the table's last rows.
  table(doc, groupColumns(content, by.column), rows, { tail: NOTE_HEIGHT });
  doc.moveDown(0.3);
  doc
    .font(FONT)
    .fontSize(8)
    .fillColor(MUTED)
    .text(`A bale in two ${by.plural} counts in both.`, doc.page.margins.left);
}

/**
 * The printable report as a PDF document: a readable stream of the file, ended once written.
 * `compress: false` leaves the page contents readable (tests read the text back).
 */
export function reportPdf(content: ReportPdfContent, options: { compress?: boolean } = {}): Doc {
  const doc = new PDFDocument({
    size: content.system === 'ImperialUS' ? 'LETTER' : 'A4',
    margins: { top: 50, bottom: 60, left: 50, right: 50 },
    bufferPages: true,
    compress: options.compress ?? true,
    info: {
      Title: pdfText(`Bale report: ${content.organizationName}, ${content.filterName}`),
      Creator: 'Baletrack',
      CreationDate: content.generatedAt,
    },
  });
  header(doc, content);
  heading(doc, 'Summary');
  summaryFigures(doc, content);
  heading(doc, 'Quality grades');
  grades(doc, content);
  groups(doc, content, { title: 'Per field', column: 'Field', plural: 'fields' }, content.byField);
  groups(
    doc,
    content,
    { title: 'Per cutting', column: 'Cutting', plural: 'cuttings' },
    content.byCutting,
  );
  reportPdfYield(doc, content.fieldYield, content.system);
  pageFooters(doc, content.generatedAt);
  doc.end();
  return doc;
}
