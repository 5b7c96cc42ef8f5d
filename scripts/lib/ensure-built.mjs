import fs from 'node:fs';
import path from 'node:path';
import { run } from './run.mjs';

const root = path.resolve(import.meta.dirname, '../..');

/** What each build writes (compared by modification time) and what it is built from. */
const builds = {
  web: {
    name: 'the web app',
    workspace: '@baletrack/web',
    output: 'apps/web/dist/index.html',
    sources: [
      'apps/web/src',
      'packages/contracts/src',
      'packages/domain/src',
      'apps/web/index.html',
    ],
  },
  server: {
    name: 'the server',
    workspace: '@baletrack/server',
    output: 'apps/server/dist/main.js',
    sources: [
      'apps/server/src',
      'apps/server/scripts',
      'packages/contracts/src',
      'packages/domain/src',
      'packages/db/src',
    ],
  },
};

/** Newest modification time of a file or anything below a folder (0 when it does not exist). */
function newest(target) {
  const file = path.join(root, target);
  if (!fs.existsSync(file)) return 0;
  if (fs.statSync(file).isFile()) return fs.statSync(file).mtimeMs;
  let latest = 0;
  for (const entry of fs.readdirSync(file, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) {
      latest = Math.max(latest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
    }
  }
  return latest;
}

/**
 * Builds the web app or the server (`npm run build` of its workspace) when its output is missing
 * or older than any of its sources; otherwise does nothing.
 * @example await ensureBuilt('server') // apps/server/dist/main.js is now newer than its sources
 */
export async function ensureBuilt(part) {
  const build = builds[part];
  if (newest(build.output) >= Math.max(...build.sources.map(newest))) return;
  console.log(`Building ${build.name}…`);
  await run('npm', ['run', 'build', '-w', build.workspace], { cwd: root });
}
