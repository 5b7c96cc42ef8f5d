import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { LAST_PAGE_MIN_ROWS, table } from './report-pdf-parts.ts';

/** The page (from 1) each row of a table was drawn on, the table starting `startY` down page 1. */
function pagesOfRows(
  rowCount: number,
  startY: number,
  tail = 0,
  together?: (row: number) => number,
): number[] {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: 50, bottom: 60, left: 50, right: 50 },
  });
  doc.y = startY;
  let page = 1;
  doc.on('pageAdded', () => {
    page += 1;
  });
  const pages: number[] = [];
  const rows = Array.from({ length: rowCount }, (_, i) => i);
  const cell = (row: number) => {
    pages.push(page);
    return String(row);
  };
  table(doc, [{ title: 'Row', width: 1, cell }], rows, { tail, together });
  doc.end();
  return pages;
}

const onPage = (pages: number[], page: number) => pages.filter((p) => p === page).length;

describe('table', () => {
  it('never leaves fewer than the last rows alone on a last page', () => {
    // Every start height down page 1, for tables of 6 to 60 rows: whenever the table runs onto
    // a page, that page holds at least LAST_PAGE_MIN_ROWS rows.
    for (let startY = 50; startY < 780; startY += 13) {
      for (const count of [6, 9, 25, 47, 60]) {
        const pages = pagesOfRows(count, startY);
        const last = pages[pages.length - 1] as number;
        if (last > 1)
          expect(onPage(pages, last), `${count} rows at ${startY}`).toBeGreaterThanOrEqual(
            LAST_PAGE_MIN_ROWS,
          );
        expect(pages).toHaveLength(count);
      }
    }
  });

  it('moves rows to the last page rather than leave two there', () => {
    // A4 holds the header and 44 rows from the top: of 46, two would be left for page 2.
    const pages = pagesOfRows(46, 50);
    expect(onPage(pages, 1)).toBe(46 - LAST_PAGE_MIN_ROWS);
    expect(onPage(pages, 2)).toBe(LAST_PAGE_MIN_ROWS);
  });

  it('keeps the rows named together on one page (a field and its cuttings)', () => {
    // Groups of 1 to 5 rows (a field and up to four cuttings), from every start height.
    const size = (row: number) => 1 + (Math.floor(row / 6) % 5);
    const starts: number[] = [];
    for (let row = 0; row < 90; row += size(row)) starts.push(row);
    const together = (row: number) => (starts.includes(row) ? size(row) : 1);
    for (let startY = 50; startY < 780; startY += 37) {
      const pages = pagesOfRows(90, startY, 0, together);
      expect(pages).toHaveLength(90);
      for (const start of starts) {
        const group = pages.slice(start, start + size(start));
        expect(new Set(group).size, `group at ${start} from ${startY}`).toBe(1);
      }
      const last = pages[pages.length - 1] as number;
      if (last > 1) expect(onPage(pages, last)).toBeGreaterThanOrEqual(LAST_PAGE_MIN_ROWS);
    }
  });

  it('keeps a short table whole, with room for what follows it', () => {
    const pages = pagesOfRows(4, 700, 16);
    expect(pages).toEqual([2, 2, 2, 2]);
    expect(pagesOfRows(4, 50, 16)).toEqual([1, 1, 1, 1]);
  });
});

describe('a table header', () => {
  /** The texts a table draws for its header and one row, with their places and fonts. */
  function drawn(titles: string[], width = 0.15) {
    const doc = new PDFDocument({
      size: 'A4',
      margins: { top: 50, bottom: 60, left: 50, right: 50 },
    });
    const texts: { text: string; x: number; y: number; font: string }[] = [];
    const write = doc.text.bind(doc);
    doc.text = ((text: string, x?: number, y?: number, options?: object) => {
      const font = (doc as unknown as { _font: { name: string } })._font.name;
      texts.push({ text, x: x ?? 0, y: y ?? 0, font });
      return write(text, x, y, options);
    }) as typeof doc.text;
    const columns = titles.map((title) => ({ title, width, cell: () => '1,234.56' }));
    table(doc, [{ title: 'Field', width: 0.4, cell: () => 'North' }, ...columns], [0]);
    doc.end();
    return { texts, columnWidth: width * (595.28 - 100) - 8, doc };
  }

  it('keeps every title whole, a unit that does not fit on a second line', () => {
    const { texts } = drawn(['Weight (long tons)', 'Dry matter (long tons)']);
    expect(texts.map((t) => t.text)).toEqual([
      'Field',
      'Weight',
      '(long tons)',
      'Dry matter',
      '(long tons)',
      'North',
      '1,234.56',
      '1,234.56',
    ]);
    // The row sits below both lines of the header.
    const unitTop = texts.find((t) => t.text === '(long tons)')?.y ?? 0;
    expect(texts.find((t) => t.text === 'North')?.y).toBeGreaterThan(unitTop + 9);
  });

  it('keeps titles that fit on one line', () => {
    expect(drawn(['Weight (t)', 'Moisture']).texts.map((t) => t.text)).toEqual([
      'Field',
      'Weight (t)',
      'Moisture',
      'North',
      '1,234.56',
      '1,234.56',
    ]);
  });

  it('wraps a title too long for its column at its words, losing none', () => {
    const title = 'Dry matter per area the year before';
    const { texts, columnWidth, doc } = drawn([title], 0.1);
    const lines = texts.slice(
      1,
      texts.findIndex((t) => t.text === 'North'),
    );
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.map((t) => t.text).join(' ')).toBe(title);
    doc.font('Helvetica-Bold').fontSize(9);
    for (const line of lines) expect(doc.widthOfString(line.text)).toBeLessThanOrEqual(columnWidth);
    const lastLine = Math.max(...lines.map((t) => t.y));
    expect(texts.find((t) => t.text === 'North')?.y).toBeGreaterThan(lastLine + 9);
  });
});

describe('a table row', () => {
  it('moves an indented cell right and writes a strong row in bold', () => {
    const doc = new PDFDocument({
      size: 'A4',
      margins: { top: 50, bottom: 60, left: 50, right: 50 },
    });
    const texts: { text: string; x: number; font: string }[] = [];
    const write = doc.text.bind(doc);
    doc.text = ((text: string, x?: number, y?: number, options?: object) => {
      const font = (doc as unknown as { _font: { name: string } })._font.name;
      texts.push({ text, x: x ?? 0, font });
      return write(text, x, y, options);
    }) as typeof doc.text;
    const rows = [
      { name: '1. North', level: 0 },
      { name: '1st cutting', level: 1 },
    ];
    table(
      doc,
      [{ title: 'Field', width: 1, cell: (r) => r.name, indent: (r) => r.level * 10 }],
      rows,
      { strong: (r) => r.level === 0 },
    );
    doc.end();
    const field = texts.find((t) => t.text === '1. North');
    const cutting = texts.find((t) => t.text === '1st cutting');
    expect((cutting?.x ?? 0) - (field?.x ?? 0)).toBe(10);
    expect([field?.font, cutting?.font]).toEqual(['Helvetica-Bold', 'Helvetica']);
  });
});
