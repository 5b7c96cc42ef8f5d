// RFC 4180 CSV as spreadsheets open it cleanly (docs/product.md#reports): a UTF-8 byte-order
// mark first (Excel otherwise reads UTF-8 as the system's code page), CRLF after every row,
// cells quoted only when they must be.

/** Starts the file: Excel and LibreOffice take the mark as "this is UTF-8". */
export const CSV_BOM = '\uFEFF';
export const CRLF = '\r\n';

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
  if (digits !== undefined && digits <= 6 && Math.abs(value) < 1e9) return fixedCell(value, digits);
  const rounded = digits === undefined ? value : Number(value.toFixed(digits));
  // -0 after rounding reads as 0.
  return String(rounded === 0 ? 0 : rounded);
}

/**
 * `toFixed` without its trailing zeros: what `String(Number(value.toFixed(digits)))` writes
 * whenever the digits are at most 15 (under 1e9 with at most 6 decimals), a report's every
 * converted value, in a quarter of the time.
 */
function fixedCell(value: number, digits: number): string {
  const fixed = value.toFixed(digits);
  let end = fixed.length;
  if (digits > 0) {
    while (fixed.charCodeAt(end - 1) === ZERO) end -= 1;
    if (fixed.charCodeAt(end - 1) === DOT) end -= 1;
  }
  const cell = end === fixed.length ? fixed : fixed.slice(0, end);
  return cell === '-0' ? '0' : cell;
}

const ZERO = 0x30;
const DOT = 0x2e;

/** One line of already-written cells, ended with CRLF. */
export function csvLine(cells: readonly string[]): string {
  return `${cells.join(',')}${CRLF}`;
}
