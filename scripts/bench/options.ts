import { parseArgs } from 'node:util';

export type DatabaseKind = 'pglite' | 'postgres';

export interface BenchOptions {
  /** Bales of the measured organization. */
  bales: number;
  kinds: DatabaseKind[];
  /** Whether to rewrite docs/benchmarks.md (off for a trial run). */
  write: boolean;
  /** Only the one-client ingest and its COPY baseline, printed (nothing written). */
  stopAfterIngest: boolean;
  /** Only what the report CSV and the data export need, and their rows, printed (nothing written). */
  reportsOnly: boolean;
  /** Only ingest, then restarts of the product, each with its cold figures, printed. */
  coldOnly: boolean;
  /** Only ingest, then the rows in Chromium (page loads, cold sign-ins, bale details), printed. */
  browserOnly: boolean;
  /** Only the many-farms row with this many organizations, on PostgreSQL, printed. */
  manyFarms?: number;
}

export const usage = `Usage: npm run bench [-- --bales N] [--only pglite|postgres] [--no-write]

  --bales N     bales of the measured organization (default 200000; 20000 for a quick run)
  --only KIND   run on one database only: pglite or postgres
  --no-write    print the figures without rewriting docs/benchmarks.md
  --stop-after-ingest
                only the one-client ingest and its COPY baseline, printed; implies --no-write
  --reports-only
                only ingest, the map and summaries (what the server holds at rest), then
                the yield, report CSV and data export rows, printed; implies --no-write
  --many-farms N
                only the many-farms row: N organizations (most 2,000–20,000 bales, every fiftieth
                200,000) on one PostgreSQL, two product processes, 20 clients opening random
                farms' maps for 60 s, printed; implies --no-write
  --cold-only   only ingest, then three restarts of the product, the fourth after
                one without them, each with the opening view and the summary at once (the
                restart rows), and the rows' baseline, printed; implies --no-write
  --browser-only
                only ingest, then the rows in Chromium (page loads, cold sign-ins, bale
                details), printed; implies --no-write`;

/** Reads the command line; throws with the usage text on a bad option. */
export function readOptions(argv: string[]): BenchOptions | 'help' {
  const { values } = parseArgs({
    args: argv,
    options: {
      bales: { type: 'string', default: '200000' },
      only: { type: 'string' },
      'no-write': { type: 'boolean', default: false },
      'stop-after-ingest': { type: 'boolean', default: false },
      'reports-only': { type: 'boolean', default: false },
      'cold-only': { type: 'boolean', default: false },
      'browser-only': { type: 'boolean', default: false },
      'many-farms': { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) return 'help';
  const bales = Number(values.bales.replaceAll(/[_,]/g, ''));
  if (!Number.isInteger(bales) || bales < 1_000 || bales > 2_000_000) {
    throw new Error(`--bales must be a whole number from 1000 to 2000000.\n\n${usage}`);
  }
  if (values.only !== undefined && values.only !== 'pglite' && values.only !== 'postgres') {
    throw new Error(`--only takes pglite or postgres.\n\n${usage}`);
  }
  const kinds: DatabaseKind[] = values.only ? [values.only] : ['pglite', 'postgres'];
  const stopAfterIngest = values['stop-after-ingest'];
  const reportsOnly = values['reports-only'];
  const coldOnly = values['cold-only'];
  const browserOnly = values['browser-only'];
  const manyFarms = values['many-farms'] === undefined ? undefined : Number(values['many-farms']);
  if (
    manyFarms !== undefined &&
    (!Number.isInteger(manyFarms) || manyFarms < 1 || manyFarms > 5_000)
  ) {
    throw new Error(`--many-farms must be a whole number from 1 to 5000.\n\n${usage}`);
  }
  return {
    bales,
    kinds,
    write:
      !values['no-write'] &&
      !stopAfterIngest &&
      !reportsOnly &&
      !coldOnly &&
      !browserOnly &&
      !manyFarms,
    stopAfterIngest,
    reportsOnly,
    coldOnly,
    browserOnly,
    manyFarms,
  };
}
