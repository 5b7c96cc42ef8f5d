import type { ApiIssue } from '@baletrack/contracts/errors/api-error';
import type { ConvertedFile, ConvertRequest } from './convert.service.ts';
import type { ConvertError } from './convert-error.ts';
import type { ConvertLimits } from './limits.ts';

/** What the pool sends a conversion worker: one upload. */
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

/** Sent once a worker's modules are loaded, before any job. */
export const WORKER_READY = 'ready';

/** The argument that marks a process as a conversion worker. */
export const WORKER_FLAG = '--baletrack-convert-worker';
