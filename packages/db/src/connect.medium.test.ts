import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase } from './connect.ts';
import { migrateToLatest } from './migrate.ts';

// The embedded default: one process owns ./data; a second is refused with a clear message.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('embedded PGlite directory', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'baletrack-db-'));
    dirs.push(dir);
    return path.join(dir, 'pglite');
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });
  // One initdb for the file (it takes seconds on a busy machine); each test opens a copy of it.
  let initialized = '';
  beforeAll(async () => {
    initialized = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'baletrack-db-')), 'pglite');
    await (await connectDatabase({ dataDir: initialized })).close();
  }, 60_000);
  afterAll(() => {
    if (initialized) fs.rmSync(path.dirname(initialized), { recursive: true, force: true });
  });
  const initializedDir = () => {
    const dataDir = tempDir();
    fs.cpSync(initialized, dataDir, { recursive: true });
    return dataDir;
  };

  it('keeps data across a clean close and reopen', async () => {
    const dataDir = initializedDir();
    const first = await connectDatabase({ dataDir });
    await migrateToLatest(first.db);
    await first.db
      .insertInto('organizations')
      .values({ id: crypto.randomUUID(), name: 'Kept Farm' })
      .execute();
    await first.close();

    const second = await connectDatabase({ dataDir });
    const names = await second.db.selectFrom('organizations').select('name').execute();
    await second.close();
    expect(names).toEqual([{ name: 'Kept Farm' }]);
  });

  it('refuses a second opener of the same directory while the first is open', async () => {
    const dataDir = initializedDir();
    const first = await connectDatabase({ dataDir });
    await expect(connectDatabase({ dataDir })).rejects.toThrow(
      /in use by another Baletrack process/,
    );
    await first.close();
    const again = await connectDatabase({ dataDir });
    await again.close();
  });

  it('takes over a lock left behind by a process that died', async () => {
    const dataDir = initializedDir();
    const deadPid = Number(
      execFileSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']),
    );
    fs.writeFileSync(`${dataDir}.lock`, String(deadPid));
    const handle = await connectDatabase({ dataDir });
    const { rows } = await sql<{ one: number }>`select 1 as one`.execute(handle.db);
    await handle.close();
    expect(rows).toEqual([{ one: 1 }]);
  });
});
