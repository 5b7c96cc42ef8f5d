import { inflateSync } from 'node:zlib';

// Reads the text back out of a PDF that pdfkit wrote with its standard fonts: each content
// stream is inflated (when compressed), and the hex strings of its text operators (`Tj`, `TJ`)
// are decoded as WinAnsi, one text run per operator. Enough to check what a page says.

const WIN_ANSI_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';

function decodeHex(hex: string): string {
  let text = '';
  for (let i = 0; i + 1 < hex.length; i += 2) {
    const code = Number.parseInt(hex.slice(i, i + 2), 16);
    text += code >= 0x80 && code <= 0x9f ? WIN_ANSI_HIGH[code - 0x80] : String.fromCharCode(code);
  }
  return text;
}

/** The content streams of the file, inflated. */
export function pdfStreams(pdf: Buffer): string[] {
  const out: string[] = [];
  const source = pdf.toString('latin1');
  const pattern = /<<([\s\S]*?)>>\s*stream\r?\n/g;
  for (let match = pattern.exec(source); match; match = pattern.exec(source)) {
    const start = match.index + match[0].length;
    const end = source.indexOf('endstream', start);
    const raw = pdf.subarray(start, end);
    const dictionary = match[1] ?? '';
    try {
      out.push((dictionary.includes('/FlateDecode') ? inflateSync(raw) : raw).toString('latin1'));
    } catch {
      // Not a content stream pdfkit compressed (fonts, images): nothing to read.
    }
    pattern.lastIndex = end;
  }
  return out;
}

/** The text runs of one content stream, in drawing order. */
function runsOf(content: string): string[] {
  const runs: string[] = [];
  const operators = /\[((?:<[0-9a-fA-F]*>|[-\d.\s])*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g;
  for (const match of content.matchAll(operators)) {
    const hexes = match[1] ?? `<${match[2] ?? ''}>`;
    runs.push([...hexes.matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => decodeHex(h[1] ?? '')).join(''));
  }
  return runs;
}

/** The text runs of every page, in drawing order. */
export function pdfTextRuns(pdf: Buffer): string[] {
  return pdfStreams(pdf).flatMap(runsOf);
}

/**
 * The text runs of each page apart. pdfkit with its standard fonts writes one content stream per
 * page and no other stream, in page order.
 */
export function pdfPageRuns(pdf: Buffer): string[][] {
  return pdfStreams(pdf).map(runsOf);
}

/** All the text of the file, runs joined by line breaks. */
export function pdfText(pdf: Buffer): string {
  return pdfTextRuns(pdf).join('\n');
}

/** How many pages the file has. */
export function pdfPageCount(pdf: Buffer): number {
  return (pdf.toString('latin1').match(/\/Type\s*\/Page\b/g) ?? []).length;
}
