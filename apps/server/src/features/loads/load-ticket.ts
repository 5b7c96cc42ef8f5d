import type { MeasurementSystem } from '@baletrack/contracts/constants';
import type { HayGrade } from '@baletrack/contracts/inventory/hay-grade';
import type { LoadBale, LoadTotals } from '@baletrack/contracts/loads/loads';
import { hayGradeLabel } from '@baletrack/domain/quality-grade/hay-grade';
import { formatMeasure, formatNumber, unitOf } from '@baletrack/domain/units';
import PDFDocument from 'pdfkit';
import { encodeQR } from 'qr';
import { pdfText } from '../reports/pdf-text.ts';
import {
  BOLD,
  type Doc,
  FONT,
  figures,
  formatCount,
  heading,
  INK,
  keepTogether,
  MUTED,
  pageFooters,
  RULE,
  table,
  tableStartHeight,
} from '../reports/report-pdf-parts.ts';

// The load ticket (docs/product.md#beyond-the-spec-loads): what rides with the truck, in the
// report's typography. Every bale, the totals, signature lines and the buyer's link as a QR code.
// No prices: the ticket is the buyer's copy too.

export interface LoadTicketContent {
  organizationName: string;
  load: {
    name: string;
    buyer: string | null;
    destination: string | null;
    shipDate: string | null;
    vehicle: string | null;
    status: string;
    minGrade: HayGrade | null;
  };
  totals: LoadTotals;
  bales: LoadBale[];
  system: MeasurementSystem;
  rfvEnabled: boolean;
  /** The newest live buyer's link, printed as a QR code; none without one. */
  link: { url: string; expiresAt: Date } | null;
  generatedAt: Date;
}

const dash = '-';
const QR_SIZE = 96;
const bales = (n: number) => `${formatCount(n)} ${n === 1 ? 'bale' : 'bales'}`;
const percent = (value: number | null) => (value === null ? dash : `${value.toFixed(1)} %`);
const gradeText = (grade: LoadBale['grade']) =>
  grade === null ? 'Ungraded' : hayGradeLabel(grade);

/** The buyer's link as a QR code `size` points wide at (x, y), drawn as vector squares. */
export function drawQr(doc: Doc, url: string, x: number, y: number, size: number): void {
  const modules = encodeQR(url, 'raw', { ecc: 'medium', border: 2 });
  const cell = size / modules.length;
  doc.save().rect(x, y, size, size).fill('#ffffff');
  for (const [row, line] of modules.entries()) {
    for (const [column, dark] of line.entries()) {
      if (dark) doc.rect(x + column * cell, y + row * cell, cell, cell);
    }
  }
  doc.fill('#000000').restore();
}

function header(doc: Doc, content: LoadTicketContent): void {
  const left = doc.page.margins.left;
  const top = doc.y;
  const textWidth = doc.page.width - left - doc.page.margins.right - QR_SIZE - 16;
  doc.font(BOLD).fontSize(20).fillColor(INK).text(pdfText(content.organizationName), left, top, {
    width: textWidth,
  });
  doc.font(FONT).fontSize(12).fillColor(MUTED).text('Load ticket', { width: textWidth });
  doc.moveDown(0.6);
  const { load } = content;
  const line = (label: string, value: string | null) => {
    doc
      .font(BOLD)
      .fontSize(10)
      .fillColor(INK)
      .text(`${label}: `, { continued: true, width: textWidth });
    doc.font(FONT).text(pdfText(value ?? dash));
  };
  line('Load', load.name);
  line('Buyer', load.buyer);
  line('Destination', load.destination);
  line('Ship date', load.shipDate);
  line('Truck or trailer', load.vehicle);
  if (load.minGrade) line('Lowest grade asked', hayGradeLabel(load.minGrade));
  const textBottom = doc.y;
  if (content.link) {
    const x = doc.page.width - doc.page.margins.right - QR_SIZE;
    drawQr(doc, content.link.url, x, top, QR_SIZE);
    doc
      .font(FONT)
      .fontSize(7)
      .fillColor(MUTED)
      .text(
        `Scan for every bale's details (until ${content.link.expiresAt.toISOString().slice(0, 10)})`,
        x - 10,
        top + QR_SIZE + 4,
        { width: QR_SIZE + 20, align: 'center' },
      );
  }
  doc.x = left;
  doc.y = Math.max(textBottom, content.link ? top + QR_SIZE + 24 : textBottom);
}

function totals(doc: Doc, content: LoadTicketContent): void {
  const { totals: t, system } = content;
  const tons = (kg: number) => formatMeasure(kg, 'tonnage', system);
  const pairs: [string, string][] = [
    ['Bales', formatCount(t.baleCount)],
    ['Weight', tons(t.weightKg)],
    ['Dry matter', tons(t.dryMassKg)],
    ['Average moisture', percent(t.avgMoisture)],
    ...(content.rfvEnabled
      ? [['Average RFV', t.avgRfv === null ? dash : t.avgRfv.toFixed(0)] as [string, string]]
      : []),
    ['Average protein', percent(t.avgProtein)],
  ];
  figures(doc, pairs);
  const grades = t.grades.map((g) => `${gradeText(g.grade)} ${formatCount(g.baleCount)}`);
  doc
    .font(FONT)
    .fontSize(9)
    .fillColor(INK)
    .text(pdfText(`Grades: ${grades.join(', ') || dash}`), doc.page.margins.left);
  const warnings = [
    t.wetCount > 0
      ? `${formatCount(t.wetCount)} bales above the safe moisture for their shape.`
      : '',
    t.belowGradeCount > 0 && content.load.minGrade
      ? `${bales(t.belowGradeCount)} below ${hayGradeLabel(content.load.minGrade)} or ungraded.`
      : '',
  ].filter(Boolean);
  for (const warning of warnings) doc.font(BOLD).fontSize(9).fillColor(INK).text(warning);
}

function baleTable(doc: Doc, content: LoadTicketContent): void {
  const weight = unitOf('weight', content.system);
  heading(doc, 'Bales', tableStartHeight(content.bales.length));
  if (content.bales.length === 0) {
    doc.font(FONT).fontSize(9).fillColor(MUTED).text('No bales.');
    return;
  }
  const rows = content.bales.map((bale, index) => ({ ...bale, index: index + 1 }));
  table(
    doc,
    [
      { title: '#', width: 0.04, align: 'right', cell: (b) => String(b.index) },
      { title: 'Tag', width: 0.26, cell: (b) => b.tagSerialNumber ?? b.uid },
      { title: 'Field', width: 0.14, cell: (b) => b.fieldNames.join(', ') || dash },
      { title: 'Made', width: 0.12, cell: (b) => b.creationTime.slice(0, 10) },
      {
        title: `Weight (${weight.symbol})`,
        width: 0.09,
        align: 'right',
        cell: (b) => formatNumber(weight.fromSI(b.weightKg), weight.digits),
      },
      {
        title: 'Moisture',
        width: 0.1,
        align: 'right',
        cell: (b) => `${percent(b.avgMoisture)}${b.wet ? ' !' : ''}`,
      },
      content.rfvEnabled
        ? {
            title: 'RFV',
            width: 0.06,
            align: 'right',
            cell: (b) => (b.rfv === null ? dash : b.rfv.toFixed(0)),
          }
        : { title: 'CP', width: 0.06, align: 'right', cell: (b) => percent(b.protein) },
      {
        title: 'Grade',
        width: 0.19,
        cell: (b) => `${gradeText(b.grade)}${b.belowGrade ? ' !' : ''}`,
      },
    ],
    rows,
  );
  doc.moveDown(0.3);
  doc
    .font(FONT)
    .fontSize(8)
    .fillColor(MUTED)
    .text(
      '! above the safe moisture for its shape, or below the grade asked. Nutrition in % of dry matter; CP crude protein.',
      doc.page.margins.left,
    );
}

function signatures(doc: Doc): void {
  keepTogether(doc, 110);
  heading(doc, 'Signatures');
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const column = width / 3;
  const y = doc.y + 36;
  for (const [i, label] of ['Loaded by', 'Driver', 'Received by'].entries()) {
    const x = left + i * column;
    doc
      .moveTo(x, y)
      .lineTo(x + column - 16, y)
      .lineWidth(0.75)
      .strokeColor(RULE)
      .stroke();
    doc
      .font(FONT)
      .fontSize(8)
      .fillColor(MUTED)
      .text(`${label}, date`, x, y + 4, {
        width: column - 16,
        lineBreak: false,
      });
  }
  doc.x = left;
  doc.y = y + 20;
}

/** The ticket as a PDF document: a readable stream of the file, ended once written. */
export function loadTicketPdf(
  content: LoadTicketContent,
  options: { compress?: boolean } = {},
): Doc {
  const doc = new PDFDocument({
    size: content.system === 'ImperialUS' ? 'LETTER' : 'A4',
    margins: { top: 50, bottom: 60, left: 50, right: 50 },
    bufferPages: true,
    compress: options.compress ?? true,
    info: {
      Title: pdfText(`Load ticket: ${content.load.name}`),
      Creator: 'Baletrack',
      CreationDate: content.generatedAt,
    },
  });
  header(doc, content);
  heading(doc, 'Totals');
  totals(doc, content);
  baleTable(doc, content);
  signatures(doc);
  pageFooters(doc, content.generatedAt);
  doc.end();
  return doc;
}
