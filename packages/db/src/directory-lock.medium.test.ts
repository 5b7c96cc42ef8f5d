import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDirectoryLock } from './directory-lock.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const lockModule = pathToFileURL(path.join(import.meta.dirname, 'directory-lock.ts')).href;
const refusal = /in use by another Baletrack process \(pid \d+, lock /;
const hasProc = fs.existsSync('/proc/self/stat');

// Takes the lock, says so with the pid it sees, and waits to be killed.
const holderScript = `
const { acquireDirectoryLock } = await import(process.env.LOCK_MODULE);
acquireDirectoryLock(process.env.LOCK_PATH);
process.stdout.write('locked ' + process.pid + '\\n');
setInterval(() => {}, 1 << 30);
`;

/** Runs the holder (as pid 1 of a new pid namespace when `command` is unshare's). */
function startHolder(lockPath: string, command: string[] = []) {
  const [file, ...args] = [
    ...command,
    process.execPath,
    '--import',
    'tsx',
    '--input-type=module',
    '-e',
    holderScript,
  ];
  const child = spawn(file as string, args, {
    cwd: repoRoot,
    env: { ...process.env, LOCK_MODULE: lockModule, LOCK_PATH: lockPath },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  // Resolves with the pid the holder saw once it holds the lock, or rejects with its output.
  const locked = new Promise<number>((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const match = /locked (\d+)\n/.exec(output);
      if (match) resolve(Number(match[1]));
    });
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', () => reject(new Error(`holder exited without the lock:\n${output}`)));
  });
  return { child, exited, locked };
}

/** The direct children of a process, from /proc (unshare --fork runs the holder as its child). */
function childrenOf(pid: number): number[] {
  return fs
    .readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);
}

function startTimeOf(pid: number): string {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] as string;
}

const bootId = () => fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();

const unshare = ['unshare', '--pid', '--fork', '--mount-proc'];
function unshareProblem(): string | null {
  if (!hasProc) return 'no /proc on this system';
  const probe = spawnSync(unshare[0] as string, [...unshare.slice(1), 'true'], {
    encoding: 'utf8',
  });
  if (probe.error) return `unshare is not available (${probe.error.message})`;
  if (probe.status !== 0) return `unshare is not permitted here (${probe.stderr.trim()})`;
  return null;
}
const containerSkip = unshareProblem();

describe('embedded database directory lock', () => {
  const dirs: string[] = [];
  const children: ChildProcess[] = [];
  const tempLock = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'baletrack-lock-'));
    dirs.push(dir);
    return path.join(dir, 'pglite.lock');
  };
  const track = <T extends { child: ChildProcess }>(holder: T) => {
    children.push(holder.child);
    return holder;
  };
  afterEach(() => {
    for (const child of children.splice(0)) {
      if (child.exitCode !== null || child.signalCode !== null) continue;
      // unshare's holder is pid 1 of its own namespace: killing unshare leaves it running.
      for (const pid of childrenOf(child.pid as number)) process.kill(pid, 'SIGKILL');
      child.kill('SIGKILL');
    }
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('refuses while another live process holds it, and takes it once that one is killed', async () => {
    const lockPath = tempLock();
    const holder = track(startHolder(lockPath));
    const holderPid = await holder.locked;
    expect(() => acquireDirectoryLock(lockPath)).toThrow(refusal);
    expect(() => acquireDirectoryLock(lockPath)).toThrow(`(pid ${holderPid}, lock ${lockPath})`);

    holder.child.kill('SIGKILL');
    await holder.exited;
    const lock = acquireDirectoryLock(lockPath);
    lock.release();
    expect(fs.existsSync(lockPath)).toBe(false);
  });

  it('refuses a second lock in the same process while the first is held', () => {
    const lockPath = tempLock();
    const lock = acquireDirectoryLock(lockPath);
    expect(() => acquireDirectoryLock(lockPath)).toThrow(refusal);
    lock.release();
    acquireDirectoryLock(lockPath).release();
  });

  it.skipIf(!hasProc)(
    'takes over a lock whose pid now belongs to another live process (pid reused)',
    () => {
      const lockPath = tempLock();
      for (const pid of [process.ppid, 1, process.pid]) {
        // The dead owner had this pid but started at another time.
        const other = String(BigInt(startTimeOf(pid)) + 1n);
        fs.writeFileSync(lockPath, `${pid} ${other} ${bootId()}\n`);
        acquireDirectoryLock(lockPath).release();
        // The same pid and start time, but in an earlier boot.
        fs.writeFileSync(
          lockPath,
          `${pid} ${startTimeOf(pid)} 00000000-0000-0000-0000-000000000000\n`,
        );
        acquireDirectoryLock(lockPath).release();
      }
      // A pid-only lock (an older release) naming this process was left by an earlier holder.
      fs.writeFileSync(lockPath, String(process.pid));
      acquireDirectoryLock(lockPath).release();
      expect(fs.existsSync(lockPath)).toBe(false);
    },
  );

  it.skipIf(!hasProc)('still refuses a live owner named by its pid and start time', () => {
    const lockPath = tempLock();
    fs.writeFileSync(lockPath, `${process.ppid} ${startTimeOf(process.ppid)} ${bootId()}\n`);
    expect(() => acquireDirectoryLock(lockPath)).toThrow(`(pid ${process.ppid}, lock`);
    // An older release's pid-only lock naming another live process is still respected.
    fs.writeFileSync(lockPath, String(process.ppid));
    expect(() => acquireDirectoryLock(lockPath)).toThrow(`(pid ${process.ppid}, lock`);
  });

  it.skipIf(containerSkip !== null)(
    `starts again as pid 1 after a SIGKILL in a fresh pid namespace (container restart)${
      containerSkip ? ` — skipped: ${containerSkip}` : ''
    }`,
    async () => {
      const lockPath = tempLock();
      const first = track(startHolder(lockPath, unshare));
      expect(await first.locked).toBe(1);
      const [holder] = childrenOf(first.child.pid as number);
      process.kill(holder as number, 'SIGKILL');
      await first.exited;
      // The crash left its lock behind, naming pid 1, the pid the next start will have.
      expect(fs.readFileSync(lockPath, 'utf8')).toMatch(/^1 \d+ /);

      const second = track(startHolder(lockPath, unshare));
      expect(await second.locked).toBe(1);
      // …and it is a real owner: a second live process is refused with the usual message.
      expect(() => acquireDirectoryLock(lockPath)).toThrow(refusal);
    },
  );
});
