import path from 'node:path';

/**
 * The server's folder, `apps/server`. This file sits one level below it in `src/`, as the built
 * entry points do in `dist/` (where it is bundled in), so paths from here hold run either way.
 * @example path.join(SERVER_DIR, '../../help') // the repository's help/ folder
 */
export const SERVER_DIR = path.resolve(import.meta.dirname, '..');
