/** Builds the web app or the server when its output is missing or older than its sources. */
export function ensureBuilt(part: 'web' | 'server'): Promise<void>;
