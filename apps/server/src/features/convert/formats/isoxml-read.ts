import type { SupportedFileFormat } from '@baletrack/contracts/convert/formats';
import { convertErrorCodes, fileFormatLabels } from '@baletrack/contracts/convert/formats';
import { messages } from '@baletrack/contracts/errors/messages';
import { XMLParser } from 'fast-xml-parser';
import type { ZipEntries } from '../archive.ts';
import { unprocessable } from '../convert-error.ts';
import type { ReadFeature, ReadResult } from '../features.ts';
import { declaresDocumentType, finiteDecimal } from './xml-text.ts';

type Element = Record<string, unknown> & { [child: string]: unknown };

/** Elements that may repeat; always parsed as lists so one and many read alike. */
const LISTS = new Set(['CTR', 'FRM', 'PFD', 'PLN', 'LSG', 'PNT', 'XFR']);
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseAttributeValue: false,
  isArray: (name, _path, _leaf, isAttribute) => !isAttribute && LISTS.has(name),
});

const corrupt = (detail: string) =>
  unprocessable(convertErrorCodes.CORRUPT_FILE, messages.convert.corruptFile('ISOXML', detail));

const list = (element: Element | undefined, tag: string) =>
  (element?.[tag] as Element[] | undefined) ?? [];
const attr = (element: Element | undefined, name: string) => {
  const value = element?.[`@${name}`];
  return typeof value === 'string' ? value : undefined;
};

/**
 * A task data file parsed. One declaring a document type or entities is refused first:
 * fast-xml-parser would expand its entities, e.g. into a partfield's name.
 */
function parse(xml: string, file = 'TASKDATA.XML'): Record<string, unknown> {
  if (declaresDocumentType(xml)) {
    throw corrupt(
      `${file} declares a document type or entities (<!DOCTYPE>), which we do not read. Save ` +
        'it without them and try again.',
    );
  }
  try {
    return parser.parse(xml) as Record<string, unknown>;
  } catch {
    throw corrupt(`${file} is not well-formed XML.`);
  }
}

/** The TASKDATA.XML of an archive (any folder, the shallowest), or undefined. */
export function taskDataPath(entries: ZipEntries): string | undefined {
  return [...entries.keys()]
    .filter((path) => /(?:^|\/)TASKDATA\.XML$/i.test(path))
    .sort((a, b) => a.split('/').length - b.split('/').length)[0];
}

/** ISOXML_V33 / V42 / V43 from the root's VersionMajor and VersionMinor. */
export function isoxmlFormatOf(root: Element): SupportedFileFormat | undefined {
  const major = Number(attr(root, 'VersionMajor'));
  const minor = Number(attr(root, 'VersionMinor'));
  if (major === 3) return 'ISOXML_V33';
  if (major === 4) return minor >= 3 ? 'ISOXML_V43' : 'ISOXML_V42';
  return undefined;
}

/** A PNT's C or D (xs:decimal): a missing, NaN, infinite or otherwise non-decimal one refuses the file. */
function coordinate(pnt: Element, name: 'C' | 'D'): number {
  const value = finiteDecimal(attr(pnt, name));
  if (value === undefined) {
    const shown = (attr(pnt, name) ?? '').slice(0, 24);
    throw corrupt(`a point (PNT) has ${name}="${shown}", which is not a number (NaN or infinite).`);
  }
  return value;
}

/** A ring of PNTs (C = north/latitude, D = east/longitude) as closed GeoJSON positions. */
function ring(lsg: Element): number[][] {
  const positions = list(lsg, 'PNT').map((pnt) => [coordinate(pnt, 'D'), coordinate(pnt, 'C')]);
  const [first] = positions;
  const last = positions[positions.length - 1];
  if (first && last && (first[0] !== last[0] || first[1] !== last[1])) positions.push([...first]);
  return positions;
}

/** A partfield's boundary: each PLN of type 1, an LSG of type 1 its outline, type 2 its holes. */
function partfieldGeometry(pfd: Element): unknown {
  const polygons: number[][][][] = [];
  for (const pln of list(pfd, 'PLN').filter((p) => attr(p, 'A') === '1')) {
    for (const lsg of list(pln, 'LSG')) {
      const type = attr(lsg, 'A');
      if (type === '1') polygons.push([ring(lsg)]);
      else if (type === '2') polygons[polygons.length - 1]?.push(ring(lsg));
    }
  }
  if (polygons.length === 0) return undefined;
  return polygons.length === 1
    ? { type: 'Polygon', coordinates: polygons[0] }
    : { type: 'MultiPolygon', coordinates: polygons };
}

/**
 * ISOXML (ISO 11783-10) partfields: TASKDATA.XML, with any XFR-referenced external files
 * (v4: PFD00001.XML…) merged in. Names are the PFD designators (C), client and farm the CTR and
 * FRM designators. The version is read from the header; a request naming another version reads
 * what the file is and says so.
 */
export function readIsoxml(
  xml: string,
  asked: SupportedFileFormat | undefined,
  entries?: ZipEntries,
  dir = '',
): ReadResult {
  const root = parse(xml).ISO11783_TaskData as Element | undefined;
  if (!root || typeof root !== 'object') {
    throw corrupt('TASKDATA.XML has no ISO11783_TaskData element.');
  }
  const found = isoxmlFormatOf(root);
  const notes: string[] = [];
  if (asked && found && asked !== found) {
    notes.push(messages.convert.versionDiffers(fileFormatLabels[asked], fileFormatLabels[found]));
  }
  const containers: Element[] = [root];
  for (const xfr of list(root, 'XFR')) {
    const name = `${dir}${attr(xfr, 'A')}.XML`.toLowerCase();
    const path = [...(entries?.keys() ?? [])].find((p) => p.toLowerCase() === name);
    const bytes = path ? entries?.get(path) : undefined;
    if (bytes && path) {
      const file = path.slice(path.lastIndexOf('/') + 1);
      containers.push((parse(new TextDecoder().decode(bytes), file).XFC as Element) ?? {});
    }
  }
  const all = (tag: string) => containers.flatMap((c) => list(c, tag));
  const clients = new Map(all('CTR').map((c) => [attr(c, 'A'), attr(c, 'B')]));
  const farms = new Map(all('FRM').map((f) => [attr(f, 'A'), attr(f, 'B')]));
  const features: ReadFeature[] = all('PFD').map((pfd) => {
    const geometry = partfieldGeometry(pfd);
    return {
      name: attr(pfd, 'C'),
      client: clients.get(attr(pfd, 'E')),
      farm: farms.get(attr(pfd, 'F')),
      geometry,
      ...(geometry ? {} : { refusal: messages.convert.noBoundary }),
    };
  });
  return { features, notes, ...(found ? { format: found } : {}) };
}
