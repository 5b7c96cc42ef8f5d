import fs from 'node:fs';
import path from 'node:path';
import { run } from '../lib/run.mjs';

/** Newest modification time below a folder or of a file (0 when missing). */
function newest(target: string): number {
  if (!fs.existsSync(target)) return 0;
  if (fs.statSync(target).isFile()) return fs.statSync(target).mtimeMs;
  let latest = 0;
  for (const entry of fs.readdirSync(target, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) {
      latest = Math.max(latest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
    }
  }
  return latest;
}

/** Builds the web app the product serves when it is missing or older than its sources. */
export async function ensureWebBuild(): Promise<void> {
  const built = newest('apps/web/dist/index.html');
  const sources = Math.max(
    newest('apps/web/src'),
    newest('packages/contracts/src'),
    newest('apps/web/index.html'),
  );
  if (built >= sources) return;
  console.log('Building the web app (npm run build)…');
  await run('npm', ['run', 'build']);
}
