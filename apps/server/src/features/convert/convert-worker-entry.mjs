// A conversion worker's entry (convert-pool.ts, docs/adr/0013-conversion-in-worker-threads.md).
// The server runs its TypeScript through tsx, and on Node 20 a worker does not inherit the
// parent's `--import tsx` (nor takes it in `execArgv`: ERR_UNKNOWN_FILE_EXTENSION), so the
// worker registers tsx itself before importing its TypeScript. Works under Vitest too.
import { register } from 'tsx/esm/api';

register();
await import('./convert-worker.ts');
