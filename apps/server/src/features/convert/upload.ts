import { convertErrorCodes } from '@baletrack/contracts/convert/formats';
import { messages } from '@baletrack/contracts/errors/messages';
import type { FastifyRequest } from 'fastify';
import type { ConvertRequest } from './convert.service.ts';
import { ConvertError } from './convert-error.ts';
import { type ConvertLimits, megabytes } from './limits.ts';

const m = messages.convert;

/**
 * Reads the multipart form: the one file (whatever its part is called; `file` by the contract)
 * buffered up to the upload limit, and the text parts, in any order.
 */
export async function readUpload(
  request: FastifyRequest,
  limits: ConvertLimits,
): Promise<ConvertRequest> {
  if (!request.isMultipart()) throw new ConvertError(400, 'VALIDATION_FAILED', m.notMultipart);
  const fields: Record<string, string> = {};
  let file: { filename: string; bytes: Uint8Array } | undefined;
  const parts = request.parts({
    limits: { fileSize: limits.maxUploadBytes, files: 1, fields: 10, fieldSize: 1000 },
  });
  for await (const part of parts) {
    if (part.type === 'file') {
      file = { filename: part.filename, bytes: new Uint8Array(await part.toBuffer()) };
    } else if (typeof part.value === 'string') {
      fields[part.fieldname] = part.value;
    }
  }
  if (!file) {
    throw new ConvertError(400, 'VALIDATION_FAILED', m.fileMissing, [
      { path: 'file', message: m.fileMissing },
    ]);
  }
  return { ...file, sourceFormat: fields.sourceFormat, targetFormat: fields.targetFormat };
}

/** @fastify/multipart's errors, reworded for a grower; undefined for anything else. */
export function multipartRefusal(
  error: { code?: string },
  limits: ConvertLimits,
): ConvertError | undefined {
  switch (error.code) {
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new ConvertError(
        413,
        convertErrorCodes.FILE_TOO_LARGE,
        m.fileTooLarge(megabytes(limits.maxUploadBytes)),
      );
    case 'FST_FILES_LIMIT':
      return new ConvertError(400, 'VALIDATION_FAILED', m.oneFileOnly);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new ConvertError(415, 'VALIDATION_FAILED', m.notMultipart);
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
    case 'FST_MP_PREMATURE_CLOSE':
    case 'FST_PROTO_VIOLATION':
      return new ConvertError(400, 'VALIDATION_FAILED', m.notMultipart);
    default:
      return undefined;
  }
}
