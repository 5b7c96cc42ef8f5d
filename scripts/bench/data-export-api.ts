// The organization's data export as the account screen asks for it: POST
// /reports/email-user-data, then GET until the background builder has it ready; the mailed
// link's ZIP downloaded (from the local mailbox, as a person would click it); the server's
// memory sampled while it builds, beside its memory at rest: resident memory, and the V8 heap
// still live after each full collection while it builds (what the server keeps).
import {
  dataExportSchema,
  latestDataExportResponseSchema,
} from '@baletrack/contracts/account/data-export';
import { dataGovernanceSchema } from '@baletrack/contracts/account/data-governance';
import type { FullGc, ProductServer } from './product-server.ts';

const POLL_MS = 100;
/** What the builder may keep: the compressed ZIP, held whole until stored, and its copy. */
export const EXPORT_LIVE_HEAP_GROWTH_TARGET_MIB = 64;
const TIMEOUT_MS = 15 * 60_000;

export interface DataExportRun {
  /** From the request to the export being ready (built and mailed). */
  readyMs: number;
  /** The mailed link's download. */
  downloadMs: number;
  zipBytes: number;
  /** Server RSS before the request, and the highest seen while it was built, in MiB. */
  restMiB: number;
  peakMiB: number;
  /** Heap in use after a forced full collection, before the request and once ready, in MiB. */
  restHeapMiB: number;
  keptHeapMiB: number;
  /** Full collections while it was built: heap before and after each. */
  fullGcs: FullGc[];
  /** The organization's bales, as the governance report counts them (locked ones too). */
  bales: number;
}

/** `fetch`, its failure naming the step and the cause ('fetch failed' alone says neither). */
async function call(step: string, url: string, init?: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : undefined;
    const code = (cause as { code?: string } | undefined)?.code;
    throw new Error(
      `${step}: ${String(error)}${cause ? ` (${code ? `${code}: ` : ''}${cause.message})` : ''}`,
      { cause: error },
    );
  }
}

export async function measureDataExport(
  server: ProductServer,
  idToken: string,
): Promise<DataExportRun> {
  const headers = { authorization: idToken };
  const governance = dataGovernanceSchema.parse(
    await (
      await call('governance', `${server.url}/data-api/reports/data-governance`, { headers })
    ).json(),
  );
  const bales = governance.kinds.find((k) => k.kind === 'bales')?.count ?? 0;
  const restHeapMiB = await server.liveHeapMiB();
  // The peak so far is the ingest's; start counting afresh where the kernel allows it.
  server.resetPeak();
  const restMiB = server.memory().rssMiB;
  const started = performance.now();
  const posted = await call('request', `${server.url}/data-api/reports/email-user-data`, {
    method: 'POST',
    headers,
  });
  if (posted.status !== 202) throw new Error(`export refused: ${posted.status}`);
  const { id } = dataExportSchema.parse(await posted.json());
  let peakMiB = restMiB;
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    const memory = server.memory();
    peakMiB = Math.max(peakMiB, memory.rssMiB, memory.peakMiB);
    const latest = latestDataExportResponseSchema.parse(
      await (
        await call('progress', `${server.url}/data-api/reports/email-user-data`, { headers })
      ).json(),
    ).export;
    if (latest?.id !== id) throw new Error('another export took its place');
    if (latest.status === 'ready') break;
    if (latest.status === 'failed') throw new Error('the export failed');
    if (performance.now() - started > TIMEOUT_MS) throw new Error('the export took too long');
  }
  const readyMs = performance.now() - started;
  const fullGcs = server.fullGcs().filter((gc) => gc.at >= started);
  const keptHeapMiB = await server.liveHeapMiB();
  const mailbox = await (await call('mailbox', `${server.url}/mailbox`)).text();
  const link = /(https?:\/\/[^\s<"]+\/data-exports\/[A-Za-z0-9_-]+)/.exec(mailbox)?.[1];
  if (!link) throw new Error('no export link in the local mailbox');
  const downloadStarted = performance.now();
  const zip = await (await call('download', link)).arrayBuffer();
  return {
    readyMs,
    downloadMs: performance.now() - downloadStarted,
    zipBytes: zip.byteLength,
    restMiB,
    peakMiB,
    restHeapMiB,
    keptHeapMiB,
    fullGcs,
    bales,
  };
}

/** The report's row. */
export function dataExportRow(run: DataExportRun) {
  const mib = (n: number) => `${Math.round(n).toLocaleString('en-US')} MiB`;
  const signed = (n: number) => `${n >= 0 ? '+' : '−'}${mib(Math.abs(n))}`;
  const kept = run.keptHeapMiB - run.restHeapMiB;
  const most = Math.max(run.restHeapMiB, ...run.fullGcs.map((gc) => gc.beforeMiB));
  const garbage =
    run.fullGcs.length === 0
      ? 'no full collection while building'
      : `${run.fullGcs.length} full collection(s) while building, the heap at most ${mib(most)}`;
  return {
    measure: `data export (ZIP of all the organization's data, ${run.bales.toLocaleString('en-US')} bales), request to mailed`,
    ours:
      `${(run.readyMs / 1000).toFixed(1)} s; ZIP ${(run.zipBytes / 1_048_576).toFixed(1)} MiB, ` +
      `downloaded in ${Math.round(run.downloadMs).toLocaleString('en-US')} ms; heap kept ` +
      `${signed(kept)} (${mib(run.restHeapMiB)} → ${mib(run.keptHeapMiB)}); RSS peak ` +
      `${signed(run.peakMiB - run.restMiB)} over rest (${garbage})`,
    baseline: `server RSS at rest ${mib(run.restMiB)}, peak while building ${mib(run.peakMiB)}`,
    target: `heap kept ≤ +${EXPORT_LIVE_HEAP_GROWTH_TARGET_MIB} MiB`,
    pass: kept <= EXPORT_LIVE_HEAP_GROWTH_TARGET_MIB,
  };
}
