// The product as an operator runs it (apps/server/src/main.ts in its own process), so its
// memory is its own and the benchmark's client work runs beside it, as a baler's would.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';

/** One full (mark-compact) collection of the server's V8 heap, from its `--trace-gc` line. */
export interface FullGc {
  /** When the benchmark read the line (`performance.now()`). */
  at: number;
  /** Heap in use before and after it, in MiB: after is what the server really keeps. */
  beforeMiB: number;
  afterMiB: number;
}

export interface ProductServer {
  url: string;
  /** The main thread's full collections so far, oldest first. */
  fullGcs(): FullGc[];
  /** Resident memory of the server process now, and its peak so far, in MiB. */
  memory(): { rssMiB: number; peakMiB: number };
  /** Starts the peak afresh (Linux `clear_refs`); false where the kernel does not allow it. */
  resetPeak(): boolean;
  stop(): Promise<void>;
}

/** A free loopback port. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Starts the product with `env` and waits until it answers /config.json (60 s at most). */
export async function startProductServer(env: Record<string, string>): Promise<ProductServer> {
  const url = env.PUBLIC_URL as string;
  // Full collections are traced (one short line each, scavenges left out) so the benchmark can
  // tell what the server keeps from garbage V8 has not collected yet.
  const gcFlags = ['--trace-gc', '--trace-gc-ignore-scavenger'];
  const child = spawn(
    process.execPath,
    [...gcFlags, '--import', 'tsx', 'apps/server/src/main.ts'],
    {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-4_000);
  };
  const gcs = new GcTrace();
  child.stdout?.on('data', (chunk: Buffer) => {
    gcs.read(chunk.toString());
    keep(chunk);
  });
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const server: ProductServer = {
    url,
    fullGcs: () => gcs.mainThread(),
    memory: () => memoryOf(child),
    resetPeak: () => {
      try {
        fs.writeFileSync(`/proc/${child.pid}/clear_refs`, '5');
        return true;
      } catch {
        return false;
      }
    },
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await exited;
      clearTimeout(timer);
    },
  };
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The product exited on start:\n${log}`);
    const ok = await fetch(`${url}/config.json`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return server;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await server.stop();
  throw new Error(`The product did not answer within 60 s:\n${log}`);
}

function memoryOf(child: ChildProcess): { rssMiB: number; peakMiB: number } {
  const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
  const kib = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]);
  return { rssMiB: kib('VmRSS') / 1024, peakMiB: kib('VmHWM') / 1024 };
}

/**
 * `--trace-gc` lines per isolate (`[pid:0xISOLATE] 1234 ms: Mark-Compact 664.1 (696.7) -> 154.8
 * (330.9) MB, …`); worker threads have isolates of their own, the main thread's heap is the largest.
 */
class GcTrace {
  private partial = '';
  private byIsolate = new Map<string, FullGc[]>();

  read(text: string): void {
    const lines = (this.partial + text).split('\n');
    this.partial = lines.pop() ?? '';
    for (const line of lines) {
      const match =
        /\[\d+:(0x[0-9a-f]+)\]\s+\d+ ms: Mark-Compact(?: \(reduce\))? ([\d.]+) \([\d.]+\) -> ([\d.]+) \(/.exec(
          line,
        );
      if (!match) continue;
      const [, isolate = '', before, after] = match;
      const list = this.byIsolate.get(isolate) ?? [];
      list.push({ at: performance.now(), beforeMiB: Number(before), afterMiB: Number(after) });
      this.byIsolate.set(isolate, list);
    }
  }

  mainThread(): FullGc[] {
    let main: FullGc[] = [];
    let largest = -1;
    for (const list of this.byIsolate.values()) {
      const size = Math.max(...list.map((gc) => gc.beforeMiB));
      if (size > largest) [main, largest] = [list, size];
    }
    return [...main];
  }
}
