// RFC 4180 CSV as spreadsheets open it cleanly (docs/product.md#reports): a UTF-8 byte-order
// mark first (Excel otherwise reads UTF-8 as the system's code page), CRLF after every row,
// cells quoted only when they must be.

/** Starts the file: Excel and LibreOffice take the mark as "this is UTF-8". */
export const CSV_BOM = '\uFEFF';
const CRLF = '\r\n';

/**
 * Characters that make a spreadsheet read a cell as a formula (or, tab and carriage return,
 * smuggle one in): a text cell starting with one is prefixed with a single quote.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/**
 * A text cell: anything a person or a baler typed (names, uids, tags, stack types). Neutralized
 * against CSV injection, then quoted if it holds a comma, quote or line break.
 * @example textCell('=HYPERLINK("x")') // '"\'=HYPERLINK(""x"")"'
 * @example textCell('North 40') // 'North 40'
 */
export function textCell(value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/**
 * A number the server formats itself (never typed by anyone, so a minus sign stays a minus sign):
 * rounded to `digits` fraction digits when given, without trailing zeros or grouping.
 * @example numberCell(1410.958418, 2) // '1410.96'
 * @example numberCell(-120.5) // '-120.5'
 * @example numberCell(null) // ''
 */
export function numberCell(value: number | null | undefined, digits?: number): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  const rounded = digits === undefined ? value : Number(value.toFixed(digits));
  // -0 after rounding reads as 0.
  return String(rounded === 0 ? 0 : rounded);
}

/** One line of already-written cells, ended with CRLF. */
export function csvLine(cells: readonly string[]): string {
  return `${cells.join(',')}${CRLF}`;
}
