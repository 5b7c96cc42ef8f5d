import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from './connect.ts';
import { createTestDatabase } from './testing/test-database.ts';

// The schema read as a distributed PostgreSQL (Citus) would take it (docs/operations.md,
// "Scaling out"): tenant tables distributed by org_id, small shared tables copied to every node
// (reference), the user pool's working rows on the coordinator. What would not distribute fails.

/** Tables not distributed by org_id, each with where it would live. */
const notDistributed: Record<string, 'reference' | 'coordinator'> = {
  organizations: 'reference',
  // Signed in by email across organizations, so one copy everywhere; small.
  users: 'reference',
  baler_registry: 'reference',
  // The user pool's and the mail queue's own rows, keyed by user or message.
  auth_challenges: 'coordinator',
  auth_throttle: 'coordinator',
  refresh_tokens: 'coordinator',
  user_codes: 'coordinator',
  signing_keys: 'coordinator',
  rate_limits: 'coordinator',
  outbox: 'coordinator',
  mail_attachments: 'coordinator',
  // A closed organization's last export outlives it (org_id set null).
  data_exports: 'coordinator',
  kysely_migration: 'coordinator',
  kysely_migration_lock: 'coordinator',
};

/**
 * Keys looked up across organizations before the organization is known (an ingest key, an
 * invitation's token, a Stripe session): still unique on their own, to move into directory tables
 * keyed by them before the tables distribute. Listed so that no new one comes unnoticed.
 */
const globalKeysToMove = [
  'authorized_emails (id)',
  'authorized_emails (token_hash)',
  'balers (api_key_hash)',
  'balers (id)',
  'balers (vin)',
  'credit_ledger (id)',
  'credit_ledger (stripe_session_id)',
  'stripe_checkouts (session_id)',
];

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

async function rows<T>(query: ReturnType<typeof sql<T>>): Promise<T[]> {
  return (await query.execute(database.db)).rows;
}

async function tenantTables(): Promise<string[]> {
  const tables = await rows<{ name: string; tenant: boolean }>(sql`
    select c.relname as name,
      exists (select 1 from pg_attribute a
        where a.attrelid = c.oid and a.attname = 'org_id' and not a.attisdropped) as tenant
    from pg_class c
    where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p')`);
  const unclassified = tables.filter((t) => !t.tenant && !(t.name in notDistributed));
  expect(
    unclassified.map((t) => t.name),
    'tables with no org_id must say where they live',
  ).toEqual([]);
  return tables.filter((t) => t.tenant && !(t.name in notDistributed)).map((t) => t.name);
}

describe('the schema, read as Citus would distribute it', () => {
  it('gives every tenant table keys that include org_id, but for the listed global ones', async () => {
    const tenants = new Set(await tenantTables());
    const keys = await rows<{ table: string; columns: string }>(sql`
      select c.relname as table,
        (select string_agg(coalesce(a.attname, 'expression'), ', ' order by k.n)
         from unnest(i.indkey) with ordinality k(attnum, n)
         left join pg_attribute a on a.attrelid = c.oid and a.attnum = k.attnum) as columns
      from pg_index i join pg_class c on c.oid = i.indrelid
      where c.relnamespace = 'public'::regnamespace and i.indisunique`);
    const withoutOrg = keys
      .filter((key) => tenants.has(key.table) && !key.columns.split(', ').includes('org_id'))
      .map((key) => `${key.table} (${key.columns})`)
      .sort();
    expect(withoutOrg).toEqual(globalKeysToMove);
  });

  it('joins tenant tables only through org_id, and never from a shared table to a tenant one', async () => {
    const tenants = new Set(await tenantTables());
    const foreignKeys = await rows<{ from: string; to: string; columns: string[] }>(sql`
      select conrelid::regclass::text as from, confrelid::regclass::text as to,
        array(select a.attname::text from unnest(conkey) k(attnum)
          join pg_attribute a on a.attrelid = conrelid and a.attnum = k.attnum) as columns
      from pg_constraint where contype = 'f' and connamespace = 'public'::regnamespace`);
    const crossing = foreignKeys
      .filter(({ from, to, columns }) =>
        tenants.has(to) ? !tenants.has(from) || !columns.includes('org_id') : false,
      )
      .map(({ from, to }) => `${from} -> ${to}`);
    expect(crossing).toEqual([]);
  });
});
