import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { aptInstall, isRoot, run } from './run.mjs';

function findBinDir() {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return null;
  const versions = fs
    .readdirSync(root)
    .filter((v) => fs.existsSync(path.join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : null;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts a throwaway PostgreSQL cluster from Debian's binaries on a free loopback port (installing
 * `postgresql` with apt when missing). Returns its URL and a stop function that removes it.
 */
export async function startThrowawayPostgres() {
  let bin = findBinDir();
  if (!bin) {
    await aptInstall(['postgresql']);
    bin = findBinDir();
    if (!bin) throw new Error('PostgreSQL binaries not found after installing postgresql.');
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'baletrack-pg-'));
  const dataDir = path.join(dir, 'data');
  const port = await freePort();
  // initdb refuses to run as root: run the cluster as the `postgres` system user.
  const asUser = isRoot ? ['runuser', '-u', 'postgres', '--'] : [];
  if (isRoot) execFileSync('chown', ['-R', 'postgres', dir]);
  const exec = (tool, args) => {
    const [cmd, ...rest] = [...asUser, path.join(bin, tool), ...args];
    return run(cmd, rest, { stdio: ['ignore', 'ignore', 'inherit'] });
  };
  await exec('initdb', [
    '-D',
    dataDir,
    '-U',
    'postgres',
    '--auth=trust',
    '-E',
    'UTF8',
    '--no-sync',
  ]);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
  await exec('pg_ctl', ['-D', dataDir, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async stop() {
      await exec('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']).catch(() => {});
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
