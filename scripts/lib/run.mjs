import { spawn } from 'node:child_process';
import fs from 'node:fs';

/** Runs a command with inherited output; resolves on exit 0, rejects otherwise. */
export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit', ...options });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0
        ? resolve()
        : reject(new Error(`${command} ${args.join(' ')} failed (${signal ?? `exit ${code}`})`)),
    );
  });
}

export const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

/** Installs Debian packages when running as root; otherwise says what to install. */
export async function aptInstall(packages) {
  if (!isRoot) {
    throw new Error(`Please install with: sudo apt-get install -y ${packages.join(' ')}`);
  }
  console.log(`Installing ${packages.join(', ')} from Debian's packages…`);
  await run('apt-get', ['update', '-qq']);
  await run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...packages], {
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

/**
 * Installs dependencies when node_modules is missing or older than the lock file. `npm install`,
 * not `npm ci`: this npm records only this platform's optional packages in the lock file and
 * `npm ci` then refuses it; install still honours the locked versions.
 */
export async function ensureDependencies() {
  const installed = 'node_modules/.package-lock.json';
  const mtime = (file) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0);
  if (mtime(installed) >= mtime('package-lock.json') && mtime(installed) > 0) return;
  console.log('Installing dependencies (npm install)…');
  await run('npm', ['install', '--no-audit', '--no-fund']);
}
