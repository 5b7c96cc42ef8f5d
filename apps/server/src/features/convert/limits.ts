import { convertErrorCodes } from '@baletrack/contracts/convert/formats';
import { messages } from '@baletrack/contracts/errors/messages';
import { unprocessable } from './convert-error.ts';

/** The conversion API's limits (config.convert, from CONVERT_* environment variables). */
export interface ConvertLimits {
  maxUploadBytes: number;
  maxArchiveEntries: number;
  maxExpandedBytes: number;
  timeoutMs: number;
  /** Heap of each conversion worker, in MB (convert-pool.ts). */
  workerMemoryMb: number;
  /** Uploads that may wait for a worker (convert-pool.ts); past it a 503 BUSY. */
  maxWaiting: number;
}

/**
 * A conversion's time budget, inside its worker (convert-pool.ts). Each step (archive chunk,
 * feature, layer) calls `check()` or `pause()`, which throw the TIMEOUT refusal once the budget
 * is spent, so a slow but steady conversion ends with a clean answer and its worker is reused.
 * A parser stuck in one long synchronous piece never reaches a check: the pool ends its worker
 * at the same budget (plus a grace) and answers the same refusal.
 */
export class Deadline {
  private readonly end: number;
  constructor(private readonly ms: number) {
    this.end = performance.now() + ms;
  }

  check(): void {
    if (performance.now() > this.end) {
      throw unprocessable(convertErrorCodes.TIMEOUT, messages.convert.timeout(this.ms / 1000));
    }
  }

  /** `check()` at an await point of the long loops. */
  async pause(): Promise<void> {
    this.check();
  }
}

export const megabytes = (bytes: number) => Math.round((bytes / 1_048_576) * 100) / 100;
