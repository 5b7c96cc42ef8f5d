import { type ChildProcess, fork } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { convertErrorCodes } from '@baletrack/contracts/convert/formats';
import { messages } from '@baletrack/contracts/errors/messages';
import type { ConvertedFile, ConvertRequest } from './convert.service.ts';
import { ConvertError, unprocessable } from './convert-error.ts';
import { type ConvertJob, type ConvertOutcome, WORKER_FLAG, WORKER_READY } from './convert-jobs.ts';
import type { ConvertLimits } from './limits.ts';

/**
 * The worker's entry. From source (dev, tests) one that registers tsx, then loads
 * convert-worker.ts; in the built server its own bundle, dist/convert-worker.js, beside this one.
 */
const ENTRY = fileURLToPath(
  import.meta.url.endsWith('.ts')
    ? new URL('./convert-worker-entry.mjs', import.meta.url)
    : new URL('./convert-worker.js', import.meta.url),
);

/**
 * How long past the time limit a job may run before its worker is killed. The worker's own checks
 * normally answer TIMEOUT at the limit (and the worker is kept); killing it is for a parser stuck
 * in one synchronous piece.
 */
export const GRACE_MS = 250;

/** Two workers at most, one on a one-core machine: conversions are rare and CPU-bound. */
export const poolSize = () => Math.max(1, Math.min(2, os.availableParallelism()));

/** Seconds a refused client is asked to wait: about one conversion's time. */
export const BUSY_RETRY_AFTER_SECONDS = 30;

/** What V8 prints when a heap limit is reached (the process then aborts). */
const OUT_OF_MEMORY = /heap out of memory|Allocation failed/;

/**
 * The environment a worker gets: enough to run Node (and tsx from source), none of the server's
 * settings or secrets (a worker reads hostile files).
 */
const workerEnv = () =>
  Object.fromEntries(
    ['PATH', 'TMPDIR', 'TEMP', 'TMP', 'TZ', 'SYSTEMROOT']
      .filter((name) => process.env[name] !== undefined)
      .map((name) => [name, process.env[name]]),
  );

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
  child: ChildProcess;
  ready: boolean;
  /** The job it runs, with the timer that kills it past the limit. */
  running?: { id: number; job: Job; timer: NodeJS.Timeout };
  /** Whether its stderr said it ran out of memory, and the end of what it said. */
  outOfMemory: boolean;
  stderr: string;
}

/**
 * Conversion off the server's event loop and heap: a few worker processes, each with a heap limit
 * (CONVERT_WORKER_MEMORY_MB) and killed when a job overruns the time limit. Processes, not worker
 * threads: a thread's `resourceLimits` is best effort, and some allocations past it abort the whole
 * process (a known Node.js bug, still open), which is exactly what a hostile file must not do. A
 * worker that runs out of memory, is killed or crashes is replaced when the next job needs one;
 * jobs wait in order. Answers what convertFile would (its refusals as ConvertError), plus a 413 for
 * a worker out of memory and a TIMEOUT for one killed. Started lazily: an app that converts nothing
 * starts no worker.
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

  /**
   * Converts in a worker process. Each waiting job holds its upload in memory, so the line is
   * bounded (CONVERT_MAX_WAITING): past it a 503 BUSY with Retry-After instead of uploads piling
   * up in the server's heap.
   */
  convert(request: ConvertRequest): Promise<ConvertedFile> {
    if (this.closed) return Promise.reject(new Error('The conversion pool is closed.'));
    if (this.queue.length >= this.limits.maxWaiting) {
      return Promise.reject(
        new ConvertError(503, convertErrorCodes.BUSY, messages.convert.busy, undefined, {
          'retry-after': String(BUSY_RETRY_AFTER_SECONDS),
        }),
      );
    }
    return new Promise((resolve, reject) => {
      this.queue.push({ request, resolve, reject });
      this.dispatch();
    });
  }

  /** Kills every worker; waiting and running jobs fail. */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new Error('The conversion pool is closed.'));
    await Promise.all([...this.slots].map((slot) => this.kill(slot, new Error('Server closing.'))));
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
    const child = fork(ENTRY, [WORKER_FLAG], {
      execArgv: [`--max-old-space-size=${this.limits.workerMemoryMb}`],
      env: workerEnv(),
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    const slot: Slot = { child, ready: false, outOfMemory: false, stderr: '' };
    this.slots.add(slot);
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (text: string) => {
      // Tested on what was said so far: V8's message may arrive split over two chunks.
      slot.stderr = (slot.stderr + text).slice(-2000);
      if (OUT_OF_MEMORY.test(slot.stderr)) slot.outOfMemory = true;
    });
    child.on('message', (message: typeof WORKER_READY | ConvertOutcome) => {
      if (message === WORKER_READY) {
        slot.ready = true;
        this.dispatch();
      } else {
        this.answer(slot, message);
      }
    });
    // A failed send or spawn; the 'exit' that follows (if any) settles the job.
    child.on('error', (error) => {
      slot.stderr = `${slot.stderr}\n${error.message}`.slice(-2000);
    });
    // 'close', not 'exit': by then its stderr has been read, out-of-memory message included.
    child.on('close', (code, signal) => this.exited(slot, code, signal));
    // Idle workers do not keep the server's process alive.
    child.unref();
    child.channel?.unref();
  }

  private run(slot: Slot, job: Job): void {
    const id = this.nextId++;
    const timer = setTimeout(() => {
      void this.kill(
        slot,
        unprocessable(
          convertErrorCodes.TIMEOUT,
          messages.convert.timeout(this.limits.timeoutMs / 1000),
        ),
      );
    }, this.limits.timeoutMs + GRACE_MS);
    slot.running = { id, job, timer };
    const message: ConvertJob = { id, request: job.request, limits: this.limits };
    slot.child.send(message);
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

  /** Kills a worker, failing its job with `reason`; the next job that needs one starts another. */
  private async kill(slot: Slot, reason: Error): Promise<void> {
    this.settle(slot, reason);
    this.slots.delete(slot);
    this.dispatch();
    if (slot.child.exitCode !== null || slot.child.signalCode !== null) return;
    const exited = new Promise((resolve) => slot.child.once('close', resolve));
    slot.child.kill('SIGKILL');
    await exited;
  }

  private exited(slot: Slot, code: number | null, signal: NodeJS.Signals | null): void {
    if (!this.slots.has(slot)) return;
    this.slots.delete(slot);
    const error = new Error(
      `A conversion worker stopped (${signal ?? `exit code ${code}`}): ${slot.stderr.trim()}`,
    );
    if (slot.running) {
      this.settle(slot, slot.outOfMemory ? outOfMemory(this.limits.workerMemoryMb) : error);
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
