// A strict reader of the report's CSV for the tests: RFC 4180 quoting, CRLF only, a BOM first.

/** The BOM-less rows of a report; fails on a bare LF or a missing BOM. */
export function readCsv(text: string): string[][] {
  if (!text.startsWith('\uFEFF')) throw new Error('the CSV does not start with a BOM');
  const body = text.slice(1);
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < body.length; i++) {
    const ch = body[i];
    if (quoted) {
      if (ch === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && cell === '') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && body[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else if (ch === '\n' || ch === '\r') throw new Error(`a bare line break at ${i}`);
    else cell += ch;
  }
  if (cell !== '' || row.length > 0) throw new Error('the last row is not ended with CRLF');
  return rows;
}

/** Rows as objects keyed by the header's names. */
export function csvRecords(text: string): { header: string[]; records: Record<string, string>[] } {
  const [header = [], ...rows] = readCsv(text);
  return {
    header,
    records: rows.map((cells) => Object.fromEntries(header.map((h, i) => [h, cells[i] ?? '']))),
  };
}
