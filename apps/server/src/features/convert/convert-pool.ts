import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { convertErrorCodes } from '@baletrack/contracts/convert/formats';
import { messages } from '@baletrack/contracts/errors/messages';
import type { ConvertedFile, ConvertRequest } from './convert.service.ts';
import { ConvertError, unprocessable } from './convert-error.ts';
import {
  type ConvertJob,
  type ConvertOutcome,
  transferable,
  WORKER_DATA,
  WORKER_READY,
} from './convert-jobs.ts';
import type { ConvertLimits } from './limits.ts';

/** The worker's entry: registers tsx, then loads convert-worker.ts (see the file). */
const ENTRY = new URL('./convert-worker-entry.mjs', import.meta.url);

/**
 * How long past the time limit a job may run before its worker is ended. The worker's own checks
 * normally answer TIMEOUT at the limit (and the worker is kept); ending it is for a parser stuck
 * in one synchronous piece.
 */
export const GRACE_MS = 250;

/** Two workers at most, fewer on a one-core machine: conversions are rare and CPU-bound. */
export const poolSize = () => Math.max(1, Math.min(2, os.availableParallelism()));

/** A worker that ran out of memory: the file is too large to convert, whatever its bytes. */
export const outOfMemory = (megabytes: number) =>
  new ConvertError(
    413,
    convertErrorCodes.FILE_TOO_LARGE,
    `This file needs more than ${megabytes} MB of memory to convert, the most a conversion may ` +
      'use, so it was stopped. Split it into smaller files and try again.',
  );

interface Job {
  request: ConvertRequest;
  resolve: (file: ConvertedFile) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  /** The job it runs, with the timer that ends it past the limit. */
  running?: { id: number; job: Job; timer: NodeJS.Timeout };
  /** Why it stopped, from its 'error' event (the 'exit' event that follows has only a code). */
  error?: Error;
}

/**
 * Conversion off the request's event loop: a few worker threads, each with a heap limit
 * (CONVERT_WORKER_MEMORY_MB) and ended when a job overruns the time limit; a worker that runs
 * out of memory, is ended or crashes is replaced when the next job needs it. Jobs wait in order.
 * Answers what convertFile would (its refusals as ConvertError), plus a 413 for a worker out of
 * memory and a TIMEOUT for one ended. Started lazily: an app that converts nothing has no worker.
 */
export class ConvertPool {
  private readonly slots = new Set<Slot>();
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closed = false;

  constructor(
    private readonly limits: ConvertLimits,
    private readonly size = poolSize(),
  ) {}

  /** Converts in a worker. The request's bytes are moved there (detached here) when they can be. */
  convert(request: ConvertRequest): Promise<ConvertedFile> {
    if (this.closed) return Promise.reject(new Error('The conversion pool is closed.'));
    return new Promise((resolve, reject) => {
      this.queue.push({ request, resolve, reject });
      this.dispatch();
    });
  }

  /** Ends every worker; waiting and running jobs fail. */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new Error('The conversion pool is closed.'));
    await Promise.all([...this.slots].map((slot) => this.end(slot, new Error('Server closing.'))));
  }

  private dispatch(): void {
    for (const slot of this.slots) {
      if (this.queue.length === 0) return;
      if (slot.ready && !slot.running) this.run(slot, this.queue.shift() as Job);
    }
    // A worker for each waiting job not already promised to one that is starting.
    let starting = [...this.slots].filter((slot) => !slot.ready).length;
    while (this.queue.length > starting && this.slots.size < this.size && !this.closed) {
      this.start();
      starting += 1;
    }
  }

  private start(): void {
    const worker = new Worker(ENTRY, {
      workerData: WORKER_DATA,
      resourceLimits: { maxOldGenerationSizeMb: this.limits.workerMemoryMb },
    });
    worker.unref();
    const slot: Slot = { worker, ready: false };
    this.slots.add(slot);
    worker.on('message', (message: typeof WORKER_READY | ConvertOutcome) => {
      if (message === WORKER_READY) {
        slot.ready = true;
        this.dispatch();
      } else {
        this.answer(slot, message);
      }
    });
    worker.on('error', (error) => {
      slot.error = error;
    });
    worker.on('exit', () => this.exited(slot));
  }

  private run(slot: Slot, job: Job): void {
    const id = this.nextId++;
    const timer = setTimeout(() => {
      void this.end(
        slot,
        unprocessable(
          convertErrorCodes.TIMEOUT,
          messages.convert.timeout(this.limits.timeoutMs / 1000),
        ),
      );
    }, this.limits.timeoutMs + GRACE_MS);
    slot.running = { id, job, timer };
    const { bytes, buffer } = transferable(job.request.bytes);
    const message: ConvertJob = { id, request: { ...job.request, bytes }, limits: this.limits };
    slot.worker.postMessage(message, [buffer]);
  }

  private answer(slot: Slot, outcome: ConvertOutcome): void {
    const running = slot.running;
    if (!running || running.id !== outcome.id) return;
    clearTimeout(running.timer);
    slot.running = undefined;
    if ('file' in outcome) {
      running.job.resolve(outcome.file);
    } else if ('refusal' in outcome) {
      const { statusCode, code, message, issues } = outcome.refusal;
      running.job.reject(new ConvertError(statusCode, code, message, issues));
    } else {
      running.job.reject(Object.assign(new Error(outcome.failure.message), outcome.failure));
    }
    this.dispatch();
  }

  /** Ends a worker, failing its job with `reason`; the next job that needs one starts another. */
  private async end(slot: Slot, reason: Error): Promise<void> {
    this.settle(slot, reason);
    this.slots.delete(slot);
    this.dispatch();
    await slot.worker.terminate();
  }

  private exited(slot: Slot): void {
    if (!this.slots.has(slot)) return;
    this.slots.delete(slot);
    const error = slot.error ?? new Error('A conversion worker stopped.');
    const reason =
      (error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY'
        ? outOfMemory(this.limits.workerMemoryMb)
        : error;
    if (slot.running) {
      this.settle(slot, reason);
    } else if (!slot.ready) {
      // It never started (e.g. its modules failed to load): starting another would fail alike.
      for (const job of this.queue.splice(0)) job.reject(error);
    }
    this.dispatch();
  }

  private settle(slot: Slot, reason: Error): void {
    const running = slot.running;
    if (!running) return;
    clearTimeout(running.timer);
    slot.running = undefined;
    running.job.reject(reason);
  }
}
