// The product as an operator runs it (apps/server/dist/main.js in its own process), so its
// memory is its own and the benchmark's client work runs beside it, as a baler's would.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import { ensureBuilt } from '../lib/ensure-built.mjs';

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
  /**
   * A full collection forced now (through the inspector, on loopback), then the V8 heap in use:
   * what the server keeps, garbage left out.
   */
  liveHeapMiB(): Promise<number>;
  /** Resident memory of the server process now, and its peak so far, in MiB. */
  memory(): { rssMiB: number; peakMiB: number };
  /**
   * How late the server's event loop ran since the last call (`monitorEventLoopDelay`, through
   * the inspector), in ms; the first call starts the watch and answers null.
   */
  eventLoopDelay(): Promise<{ p50: number; p99: number; max: number } | null>;
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

/**
 * Starts the product with `env` and waits until it answers /config.json (60 s at most) at `url`:
 * its PUBLIC_URL, unless it is one of several processes behind one public address.
 */
export async function startProductServer(
  env: Record<string, string>,
  url = env.PUBLIC_URL as string,
): Promise<ProductServer> {
  // Full collections are traced (one short line each, scavenges left out) so the benchmark can
  // tell what the server keeps from garbage V8 has not collected yet.
  const gcFlags = ['--trace-gc', '--trace-gc-ignore-scavenger'];
  // The server as `npm start` runs it: built (docs/adr/0028-server-runs-built.md).
  await ensureBuilt('server');
  const inspectPort = await freePort();
  const child = spawn(
    process.execPath,
    [...gcFlags, `--inspect=127.0.0.1:${inspectPort}`, 'apps/server/dist/main.js'],
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
    liveHeapMiB: async () => Number(await inspectorEval(inspectPort, HEAP_USED, true)) / 1_048_576,
    eventLoopDelay: async () => JSON.parse(await inspectorEval(inspectPort, LOOP_DELAY)),
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
      const timer = setTimeout(() => {
        console.warn(`  the product did not stop within 20 s after SIGTERM: killed\n${log}`);
        child.kill('SIGKILL');
      }, 20_000);
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

// The V8 heap in use, in bytes.
const HEAP_USED = 'process.memoryUsage().heapUsed';
// The event loop's delay since the last reading, in ms, as JSON (null at the first, which starts it).
const LOOP_DELAY = `(() => {
  const watch = globalThis.__benchLoopDelay;
  if (!watch) {
    const { monitorEventLoopDelay } = process.getBuiltinModule('node:perf_hooks');
    globalThis.__benchLoopDelay = monitorEventLoopDelay({ resolution: 10 });
    globalThis.__benchLoopDelay.enable();
    return 'null';
  }
  const ms = (ns) => Math.round(ns / 1e4) / 100;
  const delay = { p50: ms(watch.percentile(50)), p99: ms(watch.percentile(99)), max: ms(watch.max) };
  watch.reset();
  return JSON.stringify(delay);
})()`;

// Run in a short-lived Node with the WebSocket client (behind a flag before Node 22): an
// expression evaluated in the server, after the inspector protocol's own garbage collection when
// asked; prints its value.
const CDP_CLIENT = `
const [expression, collect] = [process.argv[2], process.argv[3] === 'gc'];
const ws = new WebSocket(process.argv[1]);
let id = 0;
const waiting = new Map();
const call = (method, params = {}) => new Promise((resolve, reject) => {
  id += 1;
  waiting.set(id, { resolve, reject });
  ws.send(JSON.stringify({ id, method, params }));
});
ws.onmessage = (event) => {
  const message = JSON.parse(event.data);
  const call = waiting.get(message.id);
  if (!call) return;
  waiting.delete(message.id);
  if (message.error) call.reject(new Error(message.error.message));
  else call.resolve(message.result);
};
ws.onerror = () => { console.error('inspector connection failed'); process.exit(1); };
ws.onopen = async () => {
  if (collect) {
    await call('HeapProfiler.collectGarbage');
    await call('HeapProfiler.collectGarbage');
  }
  const value = await call('Runtime.evaluate', { expression, returnByValue: true });
  console.log(value.result.value);
  ws.close();
};`;

async function inspectorEval(inspectPort: number, expression: string, collectGarbage = false) {
  const targets = (await (await fetch(`http://127.0.0.1:${inspectPort}/json/list`)).json()) as {
    webSocketDebuggerUrl: string;
  }[];
  const target = targets[0]?.webSocketDebuggerUrl;
  if (!target) throw new Error('The product has no inspector target.');
  const flags =
    Number(process.versions.node.split('.')[0]) < 22 ? ['--experimental-websocket'] : [];
  const args = [...flags, '--no-warnings', '-e', CDP_CLIENT, target, expression];
  return new Promise<string>((resolve, reject) =>
    execFile(
      process.execPath,
      collectGarbage ? [...args, 'gc'] : args,
      { timeout: 60_000 },
      (error, stdout) => (error ? reject(error) : resolve(stdout.trim())),
    ),
  );
}
