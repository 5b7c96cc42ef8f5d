import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { LAST_PAGE_MIN_ROWS, table } from './report-pdf-parts.ts';

/** The page (from 1) each row of a table was drawn on, the table starting `startY` down page 1. */
function pagesOfRows(rowCount: number, startY: number, tail = 0): number[] {
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
  table(doc, [{ title: 'Row', width: 1, cell }], rows, { tail });
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

  it('keeps a short table whole, with room for what follows it', () => {
    const pages = pagesOfRows(4, 700, 16);
    expect(pages).toEqual([2, 2, 2, 2]);
    expect(pagesOfRows(4, 50, 16)).toEqual([1, 1, 1, 1]);
  });
});

describe('a table header', () => {
  /** The texts a table draws for its header and one row, with their tops. */
  function drawn(titles: string[]) {
    const doc = new PDFDocument({
      size: 'A4',
      margins: { top: 50, bottom: 60, left: 50, right: 50 },
    });
    const texts: { text: string; y: number }[] = [];
    const write = doc.text.bind(doc);
    doc.text = ((text: string, x?: number, y?: number, options?: object) => {
      texts.push({ text, y: y ?? 0 });
      return write(text, x, y, options);
    }) as typeof doc.text;
    const columns = titles.map((title) => ({ title, width: 0.15, cell: () => '1,234.56' }));
    table(doc, [{ title: 'Field', width: 0.4, cell: () => 'North' }, ...columns], [0]);
    doc.end();
    return texts;
  }

  it('keeps every title whole, a unit that does not fit on a second line', () => {
    const texts = drawn(['Weight (long tons)', 'Dry matter (long tons)']);
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
    expect(drawn(['Weight (t)', 'Moisture']).map((t) => t.text)).toEqual([
      'Field',
      'Weight (t)',
      'Moisture',
      'North',
      '1,234.56',
      '1,234.56',
    ]);
  });
});
