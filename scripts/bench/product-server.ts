// The product as an operator runs it (apps/server/src/main.ts in its own process), so its
// memory is its own and the benchmark's client work runs beside it, as a baler's would.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';

export interface ProductServer {
  url: string;
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
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-4_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const server: ProductServer = {
    url,
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
