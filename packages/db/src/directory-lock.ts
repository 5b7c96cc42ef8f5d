import fs from 'node:fs';

export class DirectoryLockedError extends Error {}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes a pid lock file so one process owns an embedded database directory; a lock left by a
 * process that died is taken over.
 * @example const lock = acquireDirectoryLock('./data/pglite.lock'); … lock.release();
 */
export function acquireDirectoryLock(lockPath: string): { release(): void } {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          fs.rmSync(lockPath, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number.parseInt(fs.readFileSync(lockPath, 'utf8'), 10);
      if (Number.isInteger(owner) && isRunning(owner)) {
        throw new DirectoryLockedError(
          `The embedded database is in use by another Baletrack process (pid ${owner}, lock ` +
            `${lockPath}). Stop that process first, or set DATABASE_URL to a PostgreSQL ` +
            'server to run several processes.',
        );
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new DirectoryLockedError(`Could not take the database lock ${lockPath}.`);
}
