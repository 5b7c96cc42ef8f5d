import { spawn } from 'node:child_process';

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
