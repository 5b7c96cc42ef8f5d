import { pdfText } from './pdf-text.ts';

// Drawing pieces of the printable report: headings, key figures, tables that run over pages and
// a bar chart, all with pdfkit's vector primitives and its standard Helvetica.

export type Doc = PDFKit.PDFDocument;

export const INK = '#1f2933';
export const MUTED = '#61707f';
export const RULE = '#d5dbe1';
export const BAR = '#2f9e44';
export const FONT = 'Helvetica';
export const BOLD = 'Helvetica-Bold';

/** Room left above the bottom margin (the footer lives in the margin). */
const roomLeft = (doc: Doc) => doc.page.height - doc.page.margins.bottom - doc.y;
const contentWidth = (doc: Doc) => doc.page.width - doc.page.margins.left - doc.page.margins.right;

/** A new page unless `height` still fits on this one. */
export function keepTogether(doc: Doc, height: number): void {
  if (roomLeft(doc) < height) doc.addPage();
}

/** Text cut with an ellipsis to fit `width` at the current font. */
export function fit(doc: Doc, text: string, width: number): string {
  const safe = pdfText(text);
  if (doc.widthOfString(safe) <= width) return safe;
  let cut = safe;
  while (cut.length > 0 && doc.widthOfString(`${cut}...`) > width) cut = cut.slice(0, -1);
  return `${cut}...`;
}

/** A section's title, on the page of the first `keepWith` points of what follows it. */
export function heading(doc: Doc, text: string, keepWith = 0): void {
  keepTogether(doc, 60 + keepWith);
  doc.moveDown(0.8);
  doc.font(BOLD).fontSize(13).fillColor(INK).text(pdfText(text), doc.page.margins.left);
  doc.moveDown(0.3);
}

/** Label and value pairs in two columns of pairs. */
export function figures(doc: Doc, pairs: [string, string][]): void {
  const left = doc.page.margins.left;
  const half = contentWidth(doc) / 2;
  const lineHeight = 15;
  for (let i = 0; i < pairs.length; i += 2) {
    keepTogether(doc, lineHeight);
    const y = doc.y;
    for (const [column, pair] of [pairs[i], pairs[i + 1]].entries()) {
      if (!pair) continue;
      const x = left + column * half;
      doc
        .font(FONT)
        .fontSize(9)
        .fillColor(MUTED)
        .text(fit(doc, pair[0], 120), x, y);
      doc
        .font(BOLD)
        .fillColor(INK)
        .text(fit(doc, pair[1], half - 130), x + 125, y);
    }
    doc.x = left;
    doc.y = y + lineHeight;
  }
}

export interface TableColumn<Row> {
  title: string;
  /** Share of the page's width. */
  width: number;
  align?: 'right';
  cell: (row: Row) => string;
}

/** Rows a table never leaves alone on its last page: fewer move there with the ones before. */
export const LAST_PAGE_MIN_ROWS = 5;
const ROW_HEIGHT = 16;
/** A header's second line, for a title's unit. */
const TITLE_LINE = 10;

/**
 * The room a table needs where it starts: its header with three rows, or a short table whole
 * (with `tail`), so that it is not split at all.
 */
export function tableStartHeight(rowCount: number, tail = 0): number {
  const short = rowCount < LAST_PAGE_MIN_ROWS + 3;
  return ROW_HEIGHT * (short ? 1 + rowCount : 4) + (short ? tail : 0);
}

/**
 * A table whose rows run onto new pages, the header repeated on each. Its last
 * `LAST_PAGE_MIN_ROWS` rows and `tail` (room for what follows, such as a note) stay together, so
 * a page never holds only a row or two of a table that began before it.
 */
export function table<Row>(
  doc: Doc,
  columns: TableColumn<Row>[],
  rows: Row[],
  options: { tail?: number } = {},
): void {
  const left = doc.page.margins.left;
  const total = contentWidth(doc);
  const rowHeight = ROW_HEIGHT;
  const pad = 4;
  // A title too wide for its column ("Dry matter (long tons)") puts its unit on a second line.
  doc.font(BOLD).fontSize(9);
  const titleLines = columns.map((column) => {
    const width = column.width * total - 2 * pad;
    const unit = column.title.indexOf(' (');
    return doc.widthOfString(pdfText(column.title)) <= width || unit < 0
      ? [column.title]
      : [column.title.slice(0, unit), column.title.slice(unit + 1)];
  });
  const headerLines = Math.max(...titleLines.map((lines) => lines.length));
  const line = (cells: (index: number) => string[], bold: boolean) => {
    const y = doc.y;
    const height = rowHeight + (bold ? (headerLines - 1) * TITLE_LINE : 0);
    let x = left;
    doc
      .font(bold ? BOLD : FONT)
      .fontSize(9)
      .fillColor(INK);
    for (const [index, column] of columns.entries()) {
      const width = column.width * total - 2 * pad;
      for (const [n, text] of cells(index).entries()) {
        doc.text(fit(doc, text, width), x + pad, y + 4 + n * TITLE_LINE, {
          width,
          align: column.align ?? 'left',
          lineBreak: false,
        });
      }
      x += column.width * total;
    }
    doc
      .moveTo(left, y + height)
      .lineTo(left + total, y + height)
      .lineWidth(bold ? 1 : 0.5)
      .strokeColor(bold ? INK : RULE)
      .stroke();
    doc.x = left;
    doc.y = y + height;
  };
  const header = () => line((index) => titleLines[index] ?? [], true);
  const tail = options.tail ?? 0;
  const lastRows = Math.min(LAST_PAGE_MIN_ROWS, rows.length);
  const lastStart = rows.length - lastRows;
  keepTogether(doc, tableStartHeight(rows.length, tail) + (headerLines - 1) * TITLE_LINE);
  header();
  for (const [i, row] of rows.entries()) {
    const needed = i === lastStart ? lastRows * rowHeight + tail : rowHeight;
    if (roomLeft(doc) < needed) {
      doc.addPage();
      header();
    }
    line((index) => [columns[index]?.cell(row) ?? ''], false);
  }
}

export interface Bar {
  label: string;
  count: number;
}

/**
 * Horizontal bars drawn as rectangles, each the share of `total` (all bales of the report), with
 * the count and share written beside it.
 */
export function barChart(doc: Doc, title: string, bars: Bar[], total: number): void {
  const left = doc.page.margins.left;
  const labelWidth = 80;
  const valueWidth = 90;
  const barArea = contentWidth(doc) - labelWidth - valueWidth;
  const barHeight = 12;
  const gap = 6;
  keepTogether(doc, 20 + bars.length * (barHeight + gap));
  doc.font(BOLD).fontSize(10).fillColor(INK).text(pdfText(title), left);
  doc.moveDown(0.3);
  let y = doc.y;
  for (const bar of bars) {
    const share = total > 0 ? bar.count / total : 0;
    doc
      .font(FONT)
      .fontSize(9)
      .fillColor(INK)
      .text(fit(doc, bar.label, labelWidth - 6), left, y + 2);
    doc
      .rect(left + labelWidth, y, barArea, barHeight)
      .fillColor('#eef1f4')
      .fill();
    if (share > 0) {
      doc
        .rect(left + labelWidth, y, Math.max(1, share * barArea), barHeight)
        .fillColor(BAR)
        .fill();
    }
    doc
      .fillColor(INK)
      .text(
        `${formatCount(bar.count)} (${Math.round(share * 100)} %)`,
        left + labelWidth + barArea + 6,
        y + 2,
        { width: valueWidth - 6, align: 'right', lineBreak: false },
      );
    y += barHeight + gap;
  }
  doc.x = left;
  doc.y = y + 4;
}

const counts = new Intl.NumberFormat('en-US');
export const formatCount = (n: number) => counts.format(n);
