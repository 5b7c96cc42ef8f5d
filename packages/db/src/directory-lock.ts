import fs from 'node:fs';

export class DirectoryLockedError extends Error {}

/**
 * Who holds a lock: a process id alone is ambiguous once ids are reused (a container's server is
 * pid 1 at every start; after a reboot any process may have the old number), so on Linux the
 * record also names the process's start time (/proc/<pid>/stat field 22, clock ticks since boot),
 * the boot it ran in (/proc/sys/kernel/random/boot_id) and its pid namespace (whose numbering the
 * pid is in). These are null without /proc (macOS), where the pid alone is checked.
 */
interface Owner {
  pid: number;
  startTime: string | null;
  bootId: string | null;
  pidNamespace: string | null;
}

function readBootId(): string | null {
  try {
    return fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim() || null;
  } catch {
    return null;
  }
}

/** The start time of a process, or null when it does not exist, is a zombie or /proc is absent. */
function readStartTime(pid: number): string | null {
  let stat: string;
  try {
    stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // `pid (comm) state ppid …`: the command name may hold spaces and parentheses.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const [state, startTime] = [fields[0], fields[19]];
  // A zombie has exited (its files are closed); only its parent has not collected it yet.
  if (state === 'Z' || state === 'X' || !startTime || !/^\d+$/.test(startTime)) return null;
  return startTime;
}

function readPidNamespace(): string | null {
  try {
    return /^pid:\[(\d+)\]$/.exec(fs.readlinkSync('/proc/self/ns/pid'))?.[1] ?? null;
  } catch {
    return null;
  }
}

/**
 * Whether a process of another pid namespace (a container's, seen from the host or a parent
 * container) with this pid there and this start time is alive. Its namespace's pids are the last
 * of the NSpid line of /proc/<pid>/status; a sibling namespace's processes are not visible at all.
 */
function isAliveInOtherNamespace(pid: number, startTime: string): boolean {
  let entries: string[];
  try {
    entries = fs.readdirSync('/proc');
  } catch {
    return false;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    let status: string;
    try {
      status = fs.readFileSync(`/proc/${entry}/status`, 'utf8');
    } catch {
      continue;
    }
    const nsPids = /^NSpid:\s*(.*)$/m.exec(status)?.[1]?.trim().split(/\s+/);
    if (nsPids && nsPids.length > 1 && Number(nsPids.at(-1)) === pid) {
      if (readStartTime(Number(entry)) === startTime) return true;
    }
  }
  return false;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function currentOwner(): Owner {
  return {
    pid: process.pid,
    startTime: readStartTime(process.pid),
    bootId: readBootId(),
    pidNamespace: readPidNamespace(),
  };
}

// `<pid> <start time> <boot id> <pid namespace>`, `-` for what is unknown. An older release wrote
// the pid alone.
function formatOwner(owner: Owner): string {
  const fields = [owner.pid, owner.startTime, owner.bootId, owner.pidNamespace];
  return `${fields.map((field) => field ?? '-').join(' ')}\n`;
}

function parseOwner(text: string): Owner | null {
  const [pid, startTime, bootId, pidNamespace] = text.trim().split(/\s+/);
  if (!pid || !/^\d+$/.test(pid) || Number(pid) <= 0) return null;
  const known = (value: string | undefined) => (value && value !== '-' ? value : null);
  return {
    pid: Number(pid),
    startTime: known(startTime),
    bootId: known(bootId),
    pidNamespace: known(pidNamespace),
  };
}

/** Whether the process a lock names is still alive (the current process counts, as it holds it). */
function isAlive(owner: Owner, self: Owner): boolean {
  // Another boot: whatever has that pid now is a different process.
  if (owner.bootId && self.bootId && owner.bootId !== self.bootId) return false;
  if (self.startTime !== null) {
    // /proc works here. A pid-only record naming us was written by an earlier process that had
    // our pid (a container's pid 1 before a restart): this process writes full records.
    if (owner.startTime === null) return owner.pid !== self.pid && isRunning(owner.pid);
    // Another pid namespace: our /proc/<pid> is some other process. A restarted container has a
    // new namespace and finds nothing; a host tool next to a running container finds its server.
    if (owner.pidNamespace && self.pidNamespace && owner.pidNamespace !== self.pidNamespace) {
      return isAliveInOtherNamespace(owner.pid, owner.startTime);
    }
    const startTime = readStartTime(owner.pid);
    if (startTime !== null) return startTime === owner.startTime;
    // Not in /proc: gone or a zombie, unless /proc hides other users' processes (hidepid), in
    // which case the owner cannot be told apart from a stranger and is taken as alive.
    return isRunning(owner.pid) && !fs.existsSync(`/proc/${owner.pid}`);
  }
  return isRunning(owner.pid);
}

/**
 * Takes a lock file so one process owns an embedded database directory; a lock left by a
 * process that died is taken over, also when a new process has reused its pid (a container's
 * pid 1, a reboot).
 * @example const lock = acquireDirectoryLock('./data/pglite.lock'); … lock.release();
 */
export function acquireDirectoryLock(lockPath: string): { release(): void } {
  const self = currentOwner();
  const record = formatOwner(self);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, record, { flag: 'wx' });
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          // Leave a lock another process has taken over (it judged us dead) to its owner.
          let current: string;
          try {
            current = fs.readFileSync(lockPath, 'utf8');
          } catch {
            return;
          }
          if (current === record) fs.rmSync(lockPath, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      let text: string;
      try {
        text = fs.readFileSync(lockPath, 'utf8');
      } catch (readError) {
        // Released between our attempt and this read: try again.
        if ((readError as NodeJS.ErrnoException).code === 'ENOENT') continue;
        throw readError;
      }
      const owner = parseOwner(text);
      if (owner && isAlive(owner, self)) {
        throw new DirectoryLockedError(
          `The embedded database is in use by another Baletrack process (pid ${owner.pid}, lock ` +
            `${lockPath}). Stop that process first, or set DATABASE_URL to a PostgreSQL ` +
            'server to run several processes.',
        );
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new DirectoryLockedError(`Could not take the database lock ${lockPath}.`);
}
