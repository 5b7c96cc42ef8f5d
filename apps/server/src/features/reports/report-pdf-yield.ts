import type { MeasurementSystem } from '@baletrack/contracts/constants';
import type { FieldYieldResponse, FieldYieldRow } from '@baletrack/contracts/yield/yield';
import { formatNumber, type Quantity, unitOf } from '@baletrack/domain/units';
import { pdfText } from './pdf-text.ts';
import {
  BOLD,
  type Doc,
  FONT,
  formatCount,
  heading,
  INK,
  MUTED,
  type TableColumn,
  table,
  tableStartHeight,
} from './report-pdf-parts.ts';

// The printable report's "Yield per field" section (docs/product.md#reports): the Yield per
// Field page's figures (docs/product.md#beyond-the-spec-yield-per-field) of one crop year, a row
// per field ranked best first with its cuttings indented below it.

/** The yield the report shows: GET /yield's answer for the crop year, and its days in words. */
export interface ReportYield {
  answer: FieldYieldResponse;
  /** 'YYYY-MM-DD to YYYY-MM-DD' (UTC). */
  days: string;
}

type Cutting = FieldYieldRow['cuttings'][number];
/** A field's row, or one of its cuttings' under it. */
interface YieldLine {
  field: FieldYieldRow;
  cutting?: Cutting;
}

const dash = '-';
/** How far a cutting's name sits in from its field's. */
const CUTTING_INDENT = 10;

function change(percent: number | null): string {
  if (percent === null) return dash;
  return `${percent > 0 ? '+' : ''}${formatNumber(percent, 1)} %`;
}

/** The table's columns, widths relative to each other (scaled to the page's width). */
function yieldColumns(system: MeasurementSystem, year: number): TableColumn<YieldLine>[] {
  const shown = (value: number | null | undefined, quantity: Quantity) => {
    if (value === null || value === undefined) return dash;
    const unit = unitOf(quantity, system);
    return formatNumber(unit.fromSI(value), unit.digits);
  };
  const figures = (line: YieldLine) => line.cutting ?? line.field.year;
  const columns: TableColumn<YieldLine>[] = [
    {
      title: 'Field',
      width: 2.2,
      indent: (line) => (line.cutting ? CUTTING_INDENT : 0),
      cell: ({ field, cutting }) => {
        if (cutting) return cutting.name ?? 'Outside cuttings';
        return field.rank === null ? field.name : `${field.rank}. ${field.name}`;
      },
    },
    {
      title: 'Area',
      width: 0.85,
      align: 'right',
      cell: (line) => (line.cutting ? '' : shown(line.field.areaHectares, 'area')),
    },
    {
      title: 'Bales',
      width: 0.85,
      align: 'right',
      cell: (line) => formatNumber(figures(line).bales, 1),
    },
    {
      title: 'Dry matter',
      width: 1,
      align: 'right',
      cell: (line) => shown(figures(line).dryMatterKg, 'tonnage'),
    },
    {
      title: 'Dry matter per area',
      width: 1,
      align: 'right',
      cell: (line) => shown(figures(line).dryMatterKgPerHectare, 'yield'),
    },
    {
      title: `Per area in ${year - 1}`,
      width: 1,
      align: 'right',
      // A year before without bales shows no figure: nothing to compare, not a field that gave none.
      cell: ({ field, cutting }) => {
        const before = cutting ? cutting.previous : field.previousYear;
        return shown(before && before.bales > 0 ? before.dryMatterKgPerHectare : null, 'yield');
      },
    },
    {
      title: 'Change',
      width: 1,
      align: 'right',
      cell: ({ field, cutting }) => change(cutting ? cutting.changePercent : field.changePercent),
    },
    ...(
      [
        ['N', 'nitrogenKgPerHectare'],
        ['P2O5', 'p2o5KgPerHectare'],
        ['K2O', 'k2oKgPerHectare'],
      ] as const
    ).map(
      ([nutrient, key]): TableColumn<YieldLine> => ({
        // The units sentence says these are removed per area; "removed" would not fit.
        title: nutrient,
        width: 0.9,
        align: 'right',
        cell: (line) => shown(figures(line)[key], 'nutrientRate'),
      }),
    ),
  ];
  const sum = columns.reduce((total, column) => total + column.width, 0);
  return columns.map((column) => ({ ...column, width: column.width / sum }));
}

/** The units the table's figures are in, as a sentence (titles stay short enough to fit). */
function unitsSentence(system: MeasurementSystem, year: number): string {
  const unit = (quantity: Quantity) => unitOf(quantity, system).symbol;
  return (
    `Area in ${unit('area')}; dry matter in ${unit('tonnage')}, per area in ${unit('yield')} ` +
    `(this year and ${year - 1}); N, P2O5 and K2O: nitrogen, phosphate and potash removed, in ` +
    `${unit('nutrientRate')}, phosphate and potash from the hay of cuttings with a crop.`
  );
}

const paragraph = (doc: Doc, value: string, bold = false) => {
  doc
    .font(bold ? BOLD : FONT)
    .fontSize(9)
    .fillColor(bold ? INK : MUTED)
    .text(pdfText(value), doc.page.margins.left);
};

const textHeight = (doc: Doc, value: string, bold: boolean) => {
  doc.font(bold ? BOLD : FONT).fontSize(9);
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  return doc.heightOfString(pdfText(value), { width });
};

/**
 * The section: a heading that says whose bales it counts, the fields with hay in the crop year
 * ranked, each with its cuttings, then the fields without and the hay in no field, in words.
 */
export function reportPdfYield(doc: Doc, content: ReportYield, system: MeasurementSystem): void {
  const { answer, days } = content;
  const year = answer.year;
  const withHay = answer.fields.filter((field) => field.year.bales > 0);
  const without = answer.fields.filter((field) => field.year.bales === 0);
  const lines = withHay.flatMap((field): YieldLine[] => [
    { field },
    ...field.cuttings.map((cutting) => ({ field, cutting })),
  ]);
  const whose = `Every visible bale of crop year ${year} on the farm's fields, not only this filter's selection.`;
  const how =
    `Crop year ${year} is ${days} (UTC). A bale in two fields counts half in each; fields are ` +
    "ranked by dry matter per area, each field's cuttings indented below it. " +
    unitsSentence(system, year);
  const notes: string[] = [];
  if (without.length > 0) {
    notes.push(`No bales in ${year} on ${without.map((field) => field.name).join(', ')}.`);
  }
  if (answer.outsideFields.bales > 0) {
    const tonnage = unitOf('tonnage', system);
    const dryMatter = formatNumber(
      tonnage.fromSI(answer.outsideFields.dryMatterKg),
      tonnage.digits,
    );
    const one = answer.outsideFields.bales === 1;
    notes.push(
      `${formatCount(answer.outsideFields.bales)} ${one ? 'bale' : 'bales'} of ${year} ` +
        `(${dryMatter} ${tonnage.symbol} of dry matter) ${one ? 'lies' : 'lie'} in no field and ` +
        `${one ? 'counts' : 'count'} in none.`,
    );
  }
  const introHeight = textHeight(doc, whose, true) + textHeight(doc, how, false);
  const notesHeight = notes.reduce((sum, note) => sum + 4 + textHeight(doc, note, false), 0);
  const firstRows = 1 + (withHay[0]?.cuttings.length ?? 0);
  // The heading keeps its words and the table's first rows (a three-line header) with it.
  heading(
    doc,
    `Yield per field, crop year ${year}`,
    introHeight + 6 + tableStartHeight(lines.length, notesHeight, firstRows) + 20,
  );
  paragraph(doc, whose, true);
  paragraph(doc, how);
  doc.moveDown(0.5);
  if (lines.length === 0) paragraph(doc, `No bales on the farm's fields in crop year ${year}.`);
  else {
    table(doc, yieldColumns(system, year), lines, {
      tail: notesHeight,
      strong: (line) => line.cutting === undefined,
      together: (line) => (line.cutting ? 1 : 1 + line.field.cuttings.length),
    });
  }
  for (const note of notes) {
    doc.moveDown(0.3);
    paragraph(doc, note);
  }
}
