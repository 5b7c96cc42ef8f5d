import fs from 'node:fs';
import path from 'node:path';

// The demo baler's ingest key is issued once, when the demo is seeded, and only its hash is
// stored; this file in the data directory is where `npm run simulate` finds it.
const FILE_NAME = 'demo-baler.key';

export function demoBalerKeyPath(dataDir: string): string {
  return path.join(dataDir, FILE_NAME);
}

/** Writes the key readable by its owner only (it lets anyone post bales for the baler). */
export function writeDemoBalerKey(dataDir: string, apiKey: string): string {
  const file = demoBalerKeyPath(dataDir);
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, `${apiKey}\n`, { mode: 0o600 });
  fs.chmodSync(file, 0o600);
  return file;
}

/** The stored key, or null when the demo was seeded elsewhere or the file is gone. */
export function readDemoBalerKey(dataDir: string): string | null {
  try {
    return fs.readFileSync(demoBalerKeyPath(dataDir), 'utf8').trim() || null;
  } catch {
    return null;
  }
}
