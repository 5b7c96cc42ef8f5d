import { createHash } from 'node:crypto';
import type pg from 'pg';

// Named prepared statements (docs/adr/0031-prepared-statements.md): PostgreSQL plans a statement
// sent unnamed on every call; the map's and summaries' cell reads spend about as long being
// planned as being run. A statement seen again is sent by name, so each connection parses it
// once and may keep a generic plan. Bounded: texts repeated by the process, at most
// MAX_PER_CONNECTION per connection; the rest go unnamed as before. A statement whose best plan
// depends on its values asks for custom plans in its transaction (refreshBaleCells does).

/** Calls of one text before it is prepared: one-off statements (migrations) never are. */
const CALLS_BEFORE_NAMING = 2;
/** Texts whose calls are counted; the count starts afresh when it is full. */
const MAX_COUNTED = 5_000;
/** Statements one connection keeps prepared (PostgreSQL holds each in that session's memory). */
const MAX_PER_CONNECTION = 200;
// Only plannable statements; BEGIN, SET, LOCK and COPY go unnamed.
const PLANNABLE = /^\s*(select|insert|update|delete|with)\b/i;
// PostgreSQL's refusal of a prepared statement whose tables changed shape under it (a migration
// by a newer process): that connection sends the text unnamed from then on.
const CHANGED_RESULT_TYPE = '0A000';

const calls = new Map<string, number>();
const names = new Map<string, string>();
const perConnection = new WeakMap<pg.ClientBase, { named: Set<string>; refused: Set<string> }>();

/** The name to send `text` under on `client`, or undefined to send it unnamed. */
function nameFor(client: pg.ClientBase, text: string): string | undefined {
  let name = names.get(text);
  if (name === undefined) {
    if (!PLANNABLE.test(text)) return undefined;
    const count = (calls.get(text) ?? 0) + 1;
    if (count < CALLS_BEFORE_NAMING) {
      if (calls.size >= MAX_COUNTED) calls.clear();
      calls.set(text, count);
      return undefined;
    }
    calls.delete(text);
    name = `s${createHash('sha256').update(text).digest('base64url').slice(0, 22)}`;
    if (names.size < MAX_COUNTED) names.set(text, name);
  }
  let state = perConnection.get(client);
  if (!state) {
    state = { named: new Set(), refused: new Set() };
    perConnection.set(client, state);
  }
  if (state.refused.has(name)) return undefined;
  if (!state.named.has(name)) {
    if (state.named.size >= MAX_PER_CONNECTION) return undefined;
    state.named.add(name);
  }
  return name;
}

/**
 * `client.query(text, values)` that sends repeated statements by name; anything else (a cursor,
 * a query object) is passed on as it is.
 * @example const pool = { connect: async () => ({ query: preparingQuery(client), release }) };
 */
export function preparingQuery(client: pg.ClientBase) {
  return ((text: unknown, values?: unknown[]) => {
    if (typeof text !== 'string') return client.query(text as pg.QueryConfig, values);
    const name = nameFor(client, text);
    if (name === undefined) return client.query(text, values);
    return client.query({ name, text, values }).catch((error: unknown) => {
      if ((error as pg.DatabaseError).code === CHANGED_RESULT_TYPE) {
        perConnection.get(client)?.refused.add(name);
      }
      throw error;
    });
  }) as pg.ClientBase['query'];
}
