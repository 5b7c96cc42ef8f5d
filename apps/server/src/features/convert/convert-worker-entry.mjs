// A conversion worker's entry (convert-pool.ts, docs/adr/0013-conversion-in-worker-threads.md).
// The server runs its TypeScript through tsx without a build step. The worker registers tsx
// itself rather than relying on `--import tsx`, which Node resolves from the working directory
// (and which Vitest's process does not use), then imports its TypeScript.
import { register } from 'tsx/esm/api';

register();
await import('./convert-worker.ts');
