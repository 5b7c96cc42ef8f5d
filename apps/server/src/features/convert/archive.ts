import { convertErrorCodes } from '@baletrack/contracts/convert/formats';
import { messages } from '@baletrack/contracts/errors/messages';
import { Unzip, UnzipInflate, unzipSync, zipSync } from 'fflate';
import { ConvertError, unprocessable } from './convert-error.ts';
import { type ConvertLimits, type Deadline, megabytes } from './limits.ts';

/** A zip's files by path ('/'-separated, as stored), directories left out. */
export type ZipEntries = Map<string, Uint8Array>;

const CHUNK = 64 * 1024;
const m = messages.convert;

/** A local file header or an empty archive's end record: the bytes every zip starts with. */
export function isZip(bytes: Uint8Array): boolean {
  return bytes[0] === 0x50 && bytes[1] === 0x4b && (bytes[2] === 3 || bytes[2] === 5);
}

const corrupt = () => unprocessable(convertErrorCodes.CORRUPT_FILE, m.corruptArchive);
const bomb = (limits: ConvertLimits) =>
  unprocessable(convertErrorCodes.ARCHIVE_TOO_LARGE, m.zipBomb(megabytes(limits.maxExpandedBytes)));

/**
 * Unpacks a zip within the limits, refusing a zip bomb before inflating it all: first the
 * central directory's entry count and declared sizes are checked (nothing inflated), then the
 * entries are inflated chunk by chunk, counting real output, and stopped as soon as it passes the
 * cap or an entry's declared size (a lying header).
 */
export async function readZip(
  bytes: Uint8Array,
  limits: ConvertLimits,
  deadline: Deadline,
): Promise<ZipEntries> {
  const declared = new Map<string, number>();
  let count = 0;
  let declaredTotal = 0;
  try {
    unzipSync(bytes, {
      filter: (file) => {
        count += 1;
        declaredTotal += file.originalSize;
        declared.set(file.name, file.originalSize);
        return false;
      },
    });
  } catch {
    throw corrupt();
  }
  if (count > limits.maxArchiveEntries) {
    throw unprocessable(
      convertErrorCodes.ARCHIVE_TOO_LARGE,
      m.tooManyEntries(limits.maxArchiveEntries),
    );
  }
  if (declaredTotal > limits.maxExpandedBytes) throw bomb(limits);

  const entries: ZipEntries = new Map();
  let inflated = 0;
  let failure: unknown;
  const unzip = new Unzip((file) => {
    if (file.name.endsWith('/')) return;
    const chunks: Uint8Array[] = [];
    let size = 0;
    // An entry missing from the central directory is held to the archive's cap alone.
    const cap = declared.get(file.name) ?? limits.maxExpandedBytes;
    file.ondata = (error, chunk, final) => {
      if (failure) return;
      if (error) {
        failure = corrupt();
        return;
      }
      size += chunk.length;
      inflated += chunk.length;
      if (size > cap || inflated > limits.maxExpandedBytes) {
        failure = bomb(limits);
        file.terminate();
        return;
      }
      chunks.push(chunk);
      // Some Windows tools store folders with backslashes.
      if (final) entries.set(file.name.replaceAll('\\', '/'), concat(chunks, size));
    };
    try {
      file.start();
    } catch {
      failure = corrupt();
    }
  });
  unzip.register(UnzipInflate);
  try {
    for (let offset = 0; offset < bytes.length && !failure; offset += CHUNK) {
      await deadline.pause();
      unzip.push(bytes.subarray(offset, offset + CHUNK), offset + CHUNK >= bytes.length);
    }
  } catch (error) {
    if (error instanceof ConvertError) throw error;
    throw corrupt();
  }
  if (failure) throw failure;
  return entries;
}

function concat(chunks: Uint8Array[], size: number): Uint8Array {
  if (chunks.length === 1 && chunks[0]) return chunks[0];
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

/** The entries' base name without folders, e.g. 'a/b/North.SHP' → 'North.SHP'. */
export function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** Entries worth reading: not macOS resource forks nor hidden files. */
export function isContentEntry(path: string): boolean {
  return !path.startsWith('__MACOSX/') && !baseName(path).startsWith('.');
}

/** A deflated zip of the given files (paths '/'-separated). */
export function writeZip(files: Record<string, Uint8Array>): Uint8Array {
  return zipSync(files, { level: 6 });
}
