// `npm start`: installs dependencies and builds the web app when needed, then runs the product.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ensureDependencies, run } from './lib/run.mjs';

/** Newest modification time of a file or anything below a folder (0 when it does not exist). */
function newest(dir) {
  if (!fs.existsSync(dir)) return 0;
  if (fs.statSync(dir).isFile()) return fs.statSync(dir).mtimeMs;
  let latest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) {
      latest = Math.max(latest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
    }
  }
  return latest;
}

await ensureDependencies();
const built = fs.existsSync('apps/web/dist/index.html')
  ? fs.statSync('apps/web/dist/index.html').mtimeMs
  : 0;
const sources = Math.max(
  newest('apps/web/src'),
  newest('packages/contracts/src'),
  newest('apps/web/index.html'),
);
if (built < sources) {
  console.log('Building the web app…');
  await run('npm', ['run', 'build']);
}

const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
