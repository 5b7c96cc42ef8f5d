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
  /** Points the cell's text moves right, for a row that belongs to the one above it. */
  indent?: (row: Row) => number;
}

export interface TableOptions<Row> {
  /** Room for what follows the table (a note), kept on the page of its last rows. */
  tail?: number;
  /** Rows written in bold, such as a field's above its cuttings. */
  strong?: (row: Row) => boolean;
  /** How many rows, from this one on, stay on one page (a field and its cuttings); 1 if absent. */
  together?: (row: Row) => number;
}

/** Rows a table never leaves alone on its last page: fewer move there with the ones before. */
export const LAST_PAGE_MIN_ROWS = 5;
const ROW_HEIGHT = 16;
/** A header's further line, for a title's unit or the rest of a long title. */
const TITLE_LINE = 10;
const CELL_PAD = 4;

/**
 * The room a table needs where it starts: its header with three rows (or its first `firstRows`
 * kept together), or a short table whole (with `tail`), so that it is not split at all.
 */
export function tableStartHeight(rowCount: number, tail = 0, firstRows = 1): number {
  const short = rowCount < LAST_PAGE_MIN_ROWS + 3;
  return ROW_HEIGHT * (short ? 1 + rowCount : 1 + Math.max(3, firstRows)) + (short ? tail : 0);
}

/** Words on as few lines as fit `width` at the current font (a word wider stays whole). */
function wrapWords(doc: Doc, text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const longer = line === '' ? word : `${line} ${word}`;
    if (line !== '' && doc.widthOfString(pdfText(longer)) > width) {
      lines.push(line);
      line = word;
    } else line = longer;
  }
  return [...lines, line];
}

/**
 * A column title's lines: whole when it fits; else its unit ("(long tons)") on a line of its own
 * and the words before it wrapped to the column.
 */
function titleLines(doc: Doc, title: string, width: number): string[] {
  if (doc.widthOfString(pdfText(title)) <= width) return [title];
  const unit = title.indexOf(' (');
  if (unit < 0) return wrapWords(doc, title, width);
  return [...wrapWords(doc, title.slice(0, unit), width), title.slice(unit + 1)];
}

/**
 * A table whose rows run onto new pages, the header repeated on each. Its last
 * `LAST_PAGE_MIN_ROWS` rows and `tail` (room for what follows, such as a note) stay together, so
 * a page never holds only a row or two of a table that began before it; so do the rows
 * `together` names, as long as they fit on a page.
 */
export function table<Row>(
  doc: Doc,
  columns: TableColumn<Row>[],
  rows: Row[],
  options: TableOptions<Row> = {},
): void {
  const left = doc.page.margins.left;
  const total = contentWidth(doc);
  const rowHeight = ROW_HEIGHT;
  const pad = CELL_PAD;
  doc.font(BOLD).fontSize(9);
  const titles = columns.map((column) =>
    titleLines(doc, column.title, column.width * total - 2 * pad),
  );
  const headerHeight =
    rowHeight + (Math.max(...titles.map((lines) => lines.length)) - 1) * TITLE_LINE;
  const line = (
    cells: (index: number) => string[],
    kind: 'header' | 'strong' | 'plain',
    row?: Row,
  ) => {
    const y = doc.y;
    const height = kind === 'header' ? headerHeight : rowHeight;
    let x = left;
    doc
      .font(kind === 'plain' ? FONT : BOLD)
      .fontSize(9)
      .fillColor(INK);
    for (const [index, column] of columns.entries()) {
      const indent = row === undefined ? 0 : (column.indent?.(row) ?? 0);
      const width = column.width * total - 2 * pad - indent;
      for (const [n, text] of cells(index).entries()) {
        doc.text(fit(doc, text, width), x + pad + indent, y + 4 + n * TITLE_LINE, {
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
      .lineWidth(kind === 'header' ? 1 : 0.5)
      .strokeColor(kind === 'header' ? INK : RULE)
      .stroke();
    doc.x = left;
    doc.y = y + height;
  };
  const header = () => line((index) => titles[index] ?? [], 'header');
  const tail = options.tail ?? 0;
  const lastRows = Math.min(LAST_PAGE_MIN_ROWS, rows.length);
  const lastStart = rows.length - lastRows;
  // What a fresh page holds below its header: rows kept together never ask for more.
  const pageRoom = doc.page.height - doc.page.margins.top - doc.page.margins.bottom - headerHeight;
  const together = (row: Row) => Math.max(1, options.together?.(row) ?? 1);
  const first = rows[0] === undefined ? 1 : together(rows[0]);
  keepTogether(
    doc,
    Math.min(tableStartHeight(rows.length, tail, first) - rowHeight, pageRoom) + headerHeight,
  );
  header();
  for (const [i, row] of rows.entries()) {
    const group = together(row);
    let needed = group * rowHeight;
    // The last rows and the tail stay together, with the rows of a group reaching into them.
    if (i === lastStart || (i < lastStart && i + group > lastStart)) {
      needed = Math.max(needed, (rows.length - i) * rowHeight + tail);
    }
    if (roomLeft(doc) < Math.min(needed, pageRoom)) {
      doc.addPage();
      header();
    }
    const strong = options.strong?.(row) ?? false;
    line((index) => [columns[index]?.cell(row) ?? ''], strong ? 'strong' : 'plain', row);
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

/** Page numbers and the generated-at line, written into every page's bottom margin. */
export function pageFooters(doc: Doc, generatedAt: Date): void {
  const { start, count } = doc.bufferedPageRange();
  const stamp = `${generatedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  for (let i = start; i < start + count; i += 1) {
    doc.switchToPage(i);
    const left = doc.page.margins.left;
    const width = doc.page.width - left - doc.page.margins.right;
    const y = doc.page.height - doc.page.margins.bottom + 16;
    // The margin is left alone by the text flow: writing here must not add a page.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.font(FONT).fontSize(8).fillColor(MUTED);
    doc.text(fit(doc, `Generated ${stamp} by Baletrack`, width / 2), left, y, {
      lineBreak: false,
    });
    doc.text(`Page ${i - start + 1} of ${count}`, left, y, {
      width,
      align: 'right',
      lineBreak: false,
    });
    doc.page.margins.bottom = bottom;
  }
}
