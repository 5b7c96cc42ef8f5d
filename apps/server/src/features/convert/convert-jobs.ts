import type { ApiIssue } from '@baletrack/contracts/errors/api-error';
import type { ConvertedFile, ConvertRequest } from './convert.service.ts';
import type { ConvertError } from './convert-error.ts';
import type { ConvertLimits } from './limits.ts';

/** What the pool posts to a conversion worker: one upload, its bytes transferred. */
export interface ConvertJob {
  id: number;
  request: ConvertRequest;
  limits: ConvertLimits;
}

/** A worker's answer: the file, a refusal to send as it is, or an unexpected failure (a 500). */
export type ConvertOutcome =
  | { id: number; file: ConvertedFile }
  | {
      id: number;
      refusal: Pick<ConvertError, 'statusCode' | 'code' | 'message'> & { issues?: ApiIssue[] };
    }
  | { id: number; failure: { name: string; message: string; stack?: string } };

/** Posted once a worker's modules are loaded, before any job. */
export const WORKER_READY = 'ready';

/** Marks a thread as a conversion worker (its `workerData`). */
export const WORKER_DATA = { convertWorker: true } as const;

/**
 * A view whose buffer can be transferred to another thread: the view itself when it owns its
 * whole buffer, else a copy (transferring a shared buffer would detach the other views).
 */
export function transferable(bytes: Uint8Array): { bytes: Uint8Array; buffer: ArrayBuffer } {
  const own =
    bytes.byteOffset === 0 &&
    bytes.byteLength === bytes.buffer.byteLength &&
    bytes.buffer instanceof ArrayBuffer
      ? bytes
      : bytes.slice();
  return { bytes: own, buffer: own.buffer as ArrayBuffer };
}
