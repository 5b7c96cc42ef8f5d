import {
  type ConvertReport,
  convertErrorCodes,
  type FileFormat,
  fileFormatExtensions,
  fileFormatLabels,
  fileFormatMediaTypes,
  fileFormats,
  isSupportedFileFormat,
  type SupportedFileFormat,
  supportedFileFormats,
} from '@baletrack/contracts/convert/formats';
import { messages } from '@baletrack/contracts/errors/messages';
import { isZip, readZip } from './archive.ts';
import { ConvertError, unprocessable } from './convert-error.ts';
import { acceptFeatures } from './features.ts';
import { safeFileName } from './file-names.ts';
import { DESIGNATOR_MAX } from './formats/isoxml-write.ts';
import { type ConvertLimits, Deadline } from './limits.ts';
import { detectFormat, readSource, type Source } from './read-source.ts';
import { shortenedNames, writeTarget } from './write-target.ts';

export interface ConvertRequest {
  filename: string;
  bytes: Uint8Array;
  /** As sent: checked here so an unknown or unspecified format gets its own message. */
  sourceFormat?: string;
  targetFormat?: string;
}

export interface ConvertedFile {
  body: Uint8Array;
  mediaType: string;
  filename: string;
  report: ConvertReport;
}

/** A sent format name as a format we convert, or the 4xx that says why not. */
export function supportedFormat(name: string): SupportedFileFormat {
  const format = fileFormats.find((f) => f === name.trim().toUpperCase());
  if (!format) {
    throw unprocessable(
      convertErrorCodes.UNSUPPORTED_FORMAT,
      messages.convert.unknownFormat(name, [...supportedFileFormats]),
    );
  }
  if (!isSupportedFileFormat(format)) {
    throw unprocessable(
      convertErrorCodes.UNSUPPORTED_FORMAT,
      messages.convert.unspecifiedFormat(fileFormatLabels[format as FileFormat]),
    );
  }
  return format;
}

/** The upload's name without folders or extension, safe in a file name; 'fields' if none. */
export function baseNameOf(filename: string): string {
  const name = filename.split(/[\\/]/).pop() ?? '';
  const stem = name.replace(/\.[^.]*$/, '');
  const safe = stem ? safeFileName(stem) : '';
  return safe.slice(0, 100) || 'fields';
}

function outputName(base: string, target: SupportedFileFormat): string {
  const extension = fileFormatExtensions[target];
  if (extension !== 'zip') return `${base}.${extension}`;
  const suffix = target.toLowerCase().replace('_v', '-v').replace('_', '-');
  return `${base}-${suffix}.zip`;
}

/**
 * What can be refused without reading the file, cheap enough for the request's thread: the
 * format names and an upload without bytes. `convertFile` checks the same again.
 */
export function checkRequest(request: ConvertRequest): {
  target: SupportedFileFormat;
  asked?: SupportedFileFormat;
} {
  const m = messages.convert;
  if (!request.targetFormat?.trim()) {
    throw new ConvertError(400, 'VALIDATION_FAILED', m.targetRequired, [
      { path: 'targetFormat', message: m.targetRequired },
    ]);
  }
  const target = supportedFormat(request.targetFormat);
  const asked = request.sourceFormat?.trim() ? supportedFormat(request.sourceFormat) : undefined;
  if (request.bytes.length === 0) {
    throw new ConvertError(400, convertErrorCodes.EMPTY_FILE, m.fileEmpty);
  }
  return { target, ...(asked ? { asked } : {}) };
}

/**
 * Converts one uploaded file: reads it as the named (or detected) format within the limits,
 * checks every shape as a field boundary, writes the usable ones in the target format. Runs in a
 * conversion worker (convert-worker.ts), never on the request's thread.
 */
export async function convertFile(
  request: ConvertRequest,
  limits: ConvertLimits,
): Promise<ConvertedFile> {
  const m = messages.convert;
  const { target, asked } = checkRequest(request);
  const text = isZip(request.bytes) ? undefined : new TextDecoder().decode(request.bytes);
  if (text?.trim() === '') {
    throw new ConvertError(400, convertErrorCodes.EMPTY_FILE, m.fileEmpty);
  }
  const deadline = new Deadline(limits.timeoutMs);
  const source: Source =
    text === undefined
      ? { kind: 'zip', entries: await readZip(request.bytes, limits, deadline) }
      : { kind: 'text', text };
  const format = asked ?? detectFormat(source);
  const read = readSource(format, source, deadline);
  const { features, refused } = await acceptFeatures(read, deadline);
  const notes = [...read.notes];
  if (shortenedNames(target, features).length > 0) {
    notes.push(m.namesShortened(DESIGNATOR_MAX));
  }
  const report: ConvertReport = { sourceFormat: read.format ?? format, refused, notes };
  const base = baseNameOf(request.filename);
  const body = writeTarget(target, features, base, report);
  deadline.check();
  return {
    body,
    mediaType: fileFormatMediaTypes[target],
    filename: outputName(base, target),
    report,
  };
}
