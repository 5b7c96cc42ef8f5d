import { convertErrorCodes } from '@baletrack/contracts/convert/formats';
import { messages } from '@baletrack/contracts/errors/messages';
import { unprocessable } from './convert-error.ts';

/** The conversion API's limits (config.convert, from CONVERT_* environment variables). */
export interface ConvertLimits {
  maxUploadBytes: number;
  maxArchiveEntries: number;
  maxExpandedBytes: number;
  timeoutMs: number;
}

/**
 * A conversion's time budget. Conversion is CPU work that cannot be interrupted from outside:
 * each step (archive chunk, feature, layer) calls `check()`, which throws once the budget is
 * spent. The long loops call `pause()` instead, which also lets other requests run every
 * SLICE_MS, so a big file slows the server down rather than stopping it.
 */
export class Deadline {
  private readonly end: number;
  private lastPause = performance.now();
  constructor(private readonly ms: number) {
    this.end = performance.now() + ms;
  }

  check(): void {
    if (performance.now() > this.end) {
      throw unprocessable(convertErrorCodes.TIMEOUT, messages.convert.timeout(this.ms / 1000));
    }
  }

  async pause(): Promise<void> {
    this.check();
    if (performance.now() - this.lastPause < SLICE_MS) return;
    await new Promise((resolve) => setImmediate(resolve));
    this.lastPause = performance.now();
    this.check();
  }
}

/** The longest a conversion holds the event loop before letting other requests in. */
const SLICE_MS = 25;

export const megabytes = (bytes: number) => Math.round((bytes / 1_048_576) * 100) / 100;
