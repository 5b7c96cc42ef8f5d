import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { VERSION } from '@baletrack/contracts/constants';
import type { Database } from '@baletrack/db/database';
import { type Kysely, sql } from 'kysely';
import { type ReadConsumer, SharedReads } from '../../lib/shared-reads.ts';
import type { BaleStamp } from '../../lib/stamped-cache.ts';
import { timeRangeKey } from '../bales/time-range.ts';
import { decodeFarm, encodeFarm, type SavedFarm, SNAPSHOT_FORMAT } from './snapshot-file.ts';

// A file read is kept until both caches took it, or this long (as visible-bale-rows.ts does).
const KEEP_MS = 10_000;
const SAFE_ORG_ID = /^[A-Za-z0-9_-]{1,100}$/;

/**
 * Each organization's snapshot file in one folder (`SNAPSHOT_DIR`, by default DATA_DIR/snapshots):
 * written by `save` after a load or fold, read by `restore` when a process has nothing for the
 * organization yet, so a restart reads one file instead of every bale (ADR 17, "Kept across
 * restarts"). A file is only ever a starting point: the caches catch it up from its stamp like any
 * older snapshot, and one of another database (or migration, format or release), another
 * organization, another number of active months or a newer bale version than the database's is
 * not used. Writes go to a temporary file renamed over the last, so a reader never sees half.
 */
export class SnapshotStore {
  #identity: Promise<string> | undefined;
  readonly #reads = new SharedReads<SavedFarm | undefined>(KEEP_MS);
  readonly #saved = new Map<string, string>();

  constructor(
    private readonly db: Kysely<Database>,
    readonly dir: string,
  ) {}

  /**
   * The organization's kept state if it can start a cache at `stamp` (same active months, not
   * newer); the read another cache started for the same stamp is shared.
   */
  restore(orgId: string, stamp: BaleStamp, consumer: ReadConsumer): Promise<SavedFarm | undefined> {
    const key = `${orgId}@${stamp.baleVersion}:${stamp.activeMonths}`;
    return this.#reads.take(key, consumer, () =>
      this.#read(orgId).then((read) =>
        read &&
        read.snapshot.activeMonths === stamp.activeMonths &&
        read.snapshot.baleVersion <= stamp.baleVersion
          ? read
          : undefined,
      ),
    );
  }

  /** Writes the organization's state (unless this process already wrote that stamp). */
  async save(farm: Omit<SavedFarm, 'identity'>): Promise<boolean> {
    const { orgId, baleVersion, activeMonths } = farm.snapshot;
    const file = this.#fileOf(orgId);
    // A file of the same stamp is written again only with other indexes (built at shutdown).
    const indexes = farm.indexes.map((i) => `${timeRangeKey(i.range)}|${i.gradesKey}`);
    const stamp = `${baleVersion}:${activeMonths}:${indexes.join(',')}`;
    if (!file || this.#saved.get(orgId) === stamp) return false;
    const parts = encodeFarm({ ...farm, identity: await this.identity() });
    if (!parts) return false;
    await fs.mkdir(this.dir, { recursive: true });
    // Its own name per write: two writers of one file (processes, or caches in one test
    // process) never write into each other's half-written file.
    const temporary = `${file}.${randomUUID()}.tmp`;
    try {
      const handle = await fs.open(temporary, 'w', 0o600);
      try {
        await handle.writev(parts);
      } finally {
        await handle.close();
      }
      await fs.rename(temporary, file);
    } catch (error) {
      await fs.rm(temporary, { force: true });
      throw error;
    }
    this.#saved.set(orgId, stamp);
    return true;
  }

  /**
   * What names this database and this code: the database's and its bales table's object ids (a
   * restore with pg_restore, or another database, makes new ones; the organization's id, random,
   * is checked apart), the last migration, the file format and the server's release. Read from
   * catalogs any role may read.
   */
  identity(): Promise<string> {
    this.#identity ??= (async () => {
      const { rows } = await sql<{ database: string; bales: string; migration: string | null }>`
        select (select oid::text from pg_database where datname = current_database()) as database,
          'bales'::regclass::oid::text as bales,
          (select max(name) from kysely_migration) as migration`.execute(this.db);
      const row = rows[0];
      return [row?.database, row?.bales, row?.migration, SNAPSHOT_FORMAT, VERSION].join('|');
    })();
    return this.#identity;
  }

  #fileOf(orgId: string): string | undefined {
    return SAFE_ORG_ID.test(orgId) ? path.join(this.dir, `${orgId}.snapshot`) : undefined;
  }

  async #read(orgId: string): Promise<SavedFarm | undefined> {
    const file = this.#fileOf(orgId);
    if (!file) return undefined;
    let bytes: Buffer;
    try {
      bytes = await fs.readFile(file);
    } catch {
      return undefined;
    }
    try {
      const identity = await this.identity();
      return await decodeFarm(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), {
        identity,
        orgId,
      });
    } catch {
      // A file that is not one (damaged, or of a format this code cannot tell): loaded as usual.
      return undefined;
    }
  }
}
