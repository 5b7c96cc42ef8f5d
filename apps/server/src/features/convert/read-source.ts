import type { SupportedFileFormat } from '@baletrack/contracts/convert/formats';
import { convertErrorCodes, fileFormatLabels } from '@baletrack/contracts/convert/formats';
import { messages } from '@baletrack/contracts/errors/messages';
import { isContentEntry, type ZipEntries } from './archive.ts';
import { ConvertError, unprocessable } from './convert-error.ts';
import type { ReadResult } from './features.ts';
import { readGeoJson } from './formats/geojson-format.ts';
import { isoxmlFormatOf, readIsoxml, taskDataPath } from './formats/isoxml-read.ts';
import { kmlEntry, readKml } from './formats/kml-format.ts';
import { readShapeZip, shapefileLayers } from './formats/shape-format.ts';
import { isTrimbleTree, readTrimble } from './formats/trimble-format.ts';
import type { Deadline } from './limits.ts';

/** An upload as read: a zip's entries, or a text file (UTF-8, byte-order mark dropped). */
export type Source = { kind: 'zip'; entries: ZipEntries } | { kind: 'text'; text: string };

const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

function isoxmlVersionOf(xml: string): SupportedFileFormat {
  const header = /<ISO11783_TaskData\b[^>]*>/.exec(xml)?.[0] ?? '';
  const version = (name: string) => new RegExp(`${name}\\s*=\\s*["'](\\d+)`).exec(header)?.[1];
  const major = version('VersionMajor');
  const minor = version('VersionMinor');
  return (
    isoxmlFormatOf({ '@VersionMajor': major ?? '', '@VersionMinor': minor ?? '' }) ?? 'ISOXML_V43'
  );
}

/** The source format from the file's contents, for a request that names none. */
export function detectFormat(source: Source): SupportedFileFormat {
  if (source.kind === 'zip') {
    const { entries } = source;
    if (![...entries.keys()].some(isContentEntry)) {
      throw new ConvertError(400, convertErrorCodes.EMPTY_FILE, messages.convert.fileEmpty);
    }
    const taskData = taskDataPath(entries);
    const taskDataBytes = taskData ? entries.get(taskData) : undefined;
    if (taskDataBytes) return isoxmlVersionOf(decode(taskDataBytes));
    if (isTrimbleTree(entries)) return 'TRIMBLE';
    if (shapefileLayers(entries).length > 0) return 'SHAPE';
    if (kmlEntry(entries)) return 'KMZ';
  } else {
    const start = source.text.trimStart().slice(0, 1);
    if (start === '{') return 'GEOJSON';
    if (start === '<' && /<kml[\s>]/.test(source.text)) return 'KML';
    if (start === '<' && source.text.includes('<ISO11783_TaskData')) {
      return isoxmlVersionOf(source.text);
    }
  }
  throw unprocessable(convertErrorCodes.UNRECOGNIZED_FILE, messages.convert.unrecognizedFile);
}

/** Reads the source as the given format; a file that is not of that format is a 422 saying so. */
export function readSource(
  format: SupportedFileFormat,
  source: Source,
  deadline: Deadline,
): ReadResult {
  const notThis = () =>
    unprocessable(
      convertErrorCodes.UNRECOGNIZED_FILE,
      messages.convert.notThisFormat(fileFormatLabels[format]),
    );
  switch (format) {
    case 'GEOJSON':
      if (source.kind !== 'text') throw notThis();
      return readGeoJson(source.text);
    case 'KML':
      if (source.kind !== 'text') throw notThis();
      return readKml(source.text);
    case 'KMZ': {
      const doc = source.kind === 'zip' ? kmlEntry(source.entries) : undefined;
      if (!doc) throw notThis();
      return readKml(decode(doc), 'KMZ');
    }
    case 'SHAPE':
      if (source.kind !== 'zip') throw notThis();
      return readShapeZip(source.entries, deadline);
    case 'TRIMBLE':
      if (source.kind !== 'zip') throw notThis();
      return readTrimble(source.entries, deadline);
    case 'ISOXML_V33':
    case 'ISOXML_V42':
    case 'ISOXML_V43': {
      if (source.kind === 'text') return readIsoxml(source.text, format);
      const path = taskDataPath(source.entries);
      const bytes = path ? source.entries.get(path) : undefined;
      if (!path || !bytes) throw notThis();
      const dir = path.slice(0, path.lastIndexOf('/') + 1);
      return readIsoxml(decode(bytes), format, source.entries, dir);
    }
  }
}
