import { type Compilable, CompiledQuery, type Kysely, type Transaction } from 'kysely';
import type { Database } from './database.ts';

/**
 * The rows of `query`, fetched `pageRows` at a time through a cursor in one transaction (one
 * snapshot; the caller's, if it is one): each page crosses from the database and is turned into
 * objects in its own turn of the event loop, so a read of thousands of rows never holds the loop
 * for all of them at once.
 * @example const bales = await readInPages(db, db.selectFrom('bales').selectAll(), 2_000);
 */
export async function readInPages<R>(
  db: Kysely<Database>,
  query: Compilable<R>,
  pageRows: number,
): Promise<R[]> {
  const { sql, parameters } = query.compile();
  const read = async (trx: Transaction<Database>) => {
    await trx.executeQuery(
      CompiledQuery.raw(`declare read_in_pages no scroll cursor for ${sql}`, [...parameters]),
    );
    const rows: R[] = [];
    for (;;) {
      const page = await trx.executeQuery<R>(
        CompiledQuery.raw(`fetch ${Math.trunc(pageRows)} from read_in_pages`),
      );
      for (const row of page.rows) rows.push(row);
      if (page.rows.length < pageRows) break;
    }
    await trx.executeQuery(CompiledQuery.raw('close read_in_pages'));
    return rows;
  };
  return db.isTransaction ? read(db as Transaction<Database>) : db.transaction().execute(read);
}
