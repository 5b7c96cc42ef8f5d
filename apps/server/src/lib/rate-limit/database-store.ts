import type { Database } from '@baletrack/db/database';
import type { Kysely } from 'kysely';
import { countRequest, readRequestCount } from './rate-limits.repository.ts';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

// The plugin's typings name a route's options, but it passes its merged limit settings with the
// route under `routeInfo`; both shapes are read.
interface RouteShape {
  method?: string | string[];
  url?: string;
}
type StoreOptions = RouteShape & { routeInfo?: RouteShape };

/**
 * A store for @fastify/rate-limit whose counters live in the database: every app process on one
 * PostgreSQL counts against the same limit, and a restart resets nothing. Counters are kept per
 * route (`child`) and caller key; the window starts with a key's first request.
 * @example await app.register(rateLimit, { global: false, store: databaseRateLimitStore(ctx) });
 */
export function databaseRateLimitStore(context: { db: Kysely<Database>; now: () => Date }) {
  return class DatabaseRateLimitStore {
    readonly #route: string;

    constructor(options: unknown = {}) {
      const { routeInfo, method: ownMethod, url: ownUrl } = options as StoreOptions;
      const method = routeInfo?.method ?? ownMethod ?? '';
      const url = routeInfo?.url ?? ownUrl ?? '';
      this.#route = `${Array.isArray(method) ? method.join(',') : method} ${url}`;
    }

    incr(key: string, callback: Callback, timeWindow: number): void {
      const now = context.now();
      countRequest(context.db, `${this.#route}|${key}`, timeWindow, now).then(
        ({ count, windowStartedAt }) =>
          callback(null, {
            current: count,
            ttl: Math.max(0, windowStartedAt.getTime() + timeWindow - now.getTime()),
          }),
        (error: Error) => callback(error),
      );
    }

    read(key: string, callback: Callback, timeWindow: number): void {
      const now = context.now();
      readRequestCount(context.db, `${this.#route}|${key}`).then((row) => {
        const ttl = row ? row.windowStartedAt.getTime() + timeWindow - now.getTime() : 0;
        callback(null, ttl > 0 && row ? { current: row.count, ttl } : { current: 0, ttl: 0 });
      }, callback);
    }

    child(options: unknown): DatabaseRateLimitStore {
      return new DatabaseRateLimitStore(options);
    }
  };
}
