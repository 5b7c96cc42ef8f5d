// A conversion worker's entry when the server runs from source (convert-pool.ts,
// docs/adr/0013-conversion-in-worker-processes.md; the built server forks dist/convert-worker.js).
// The worker registers tsx itself rather than relying on `--import tsx`, which Node resolves from
// the working directory (and which Vitest's process does not use), then imports its TypeScript.
import { register } from 'tsx/esm/api';

register();
await import('./convert-worker.ts');
