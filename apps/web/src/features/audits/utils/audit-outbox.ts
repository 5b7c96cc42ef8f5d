import type { AuditResult, RecordAudit } from '@baletrack/contracts/audits/audits';

// Finished audits wait on the phone in an outbox until the server has them: sent in the order
// they were finished, one at a time, each with its own id so a resend after a lost answer
// records nothing twice.

/** A finished audit waiting; `refusal` holds the server's words when it will never take it. */
export interface OutboxEntry {
  audit: RecordAudit;
  refusal: string | null;
}

/** What one send came to. */
export type SendOutcome =
  | { status: 'recorded'; result: AuditResult }
  /** No connection, no answer in time, a server error, or no session: try again later. */
  | { status: 'unreachable' }
  /** The server refused this audit as it is: sending it again changes nothing. */
  | { status: 'refused'; message: string };

export type AuditSender = (audit: RecordAudit) => Promise<SendOutcome>;

/** Where the outbox lives (localStorage in the app); read afresh at every step of a send. */
export interface OutboxStore {
  readOutbox(): OutboxEntry[];
  writeOutbox(entries: OutboxEntry[]): void;
  /** Keeps the server's answer to show. */
  keepResult(result: AuditResult): void;
}

export interface FlushReport {
  recorded: AuditResult[];
  /** Ids of the audits refused during this flush. */
  refused: string[];
  /** True when a send found no connection: what is left waits for the next try. */
  unreachable: boolean;
}

/**
 * Whether an answer's HTTP status refuses an audit for good: a 4xx, except 401 (signed out: it
 * goes once the person signs in again), 408 and 429 (try later).
 * @example isRefusalStatus(403) // true
 */
export function isRefusalStatus(status: number): boolean {
  return status >= 400 && status < 500 && ![401, 408, 429].includes(status);
}

/** Puts a finished audit last in the outbox; finishing it again replaces it, keeping its place. */
export function queueAudit(store: OutboxStore, audit: RecordAudit): void {
  const entries = store.readOutbox();
  const entry = { audit, refusal: null };
  const queued = entries.some((e) => e.audit.id === audit.id);
  store.writeOutbox(
    queued ? entries.map((e) => (e.audit.id === audit.id ? entry : e)) : [...entries, entry],
  );
}

/** Drops an audit from the outbox (a refused one the person gave up on). */
export function discardAudit(store: OutboxStore, auditId: string): void {
  store.writeOutbox(store.readOutbox().filter((e) => e.audit.id !== auditId));
}

/** True for an audit that still waits to be sent (not refused). */
export const isWaiting = (entry: OutboxEntry) => entry.refusal === null;

async function flushOutbox(store: OutboxStore, send: AuditSender): Promise<FlushReport> {
  const report: FlushReport = { recorded: [], refused: [], unreachable: false };
  const tried = new Set<string>();
  for (;;) {
    // Read again each time: an audit may be finished or discarded while one is on its way.
    const next = store.readOutbox().find((e) => isWaiting(e) && !tried.has(e.audit.id));
    if (!next) return report;
    const { id } = next.audit;
    tried.add(id);
    const outcome = await send(next.audit).catch((): SendOutcome => ({ status: 'unreachable' }));
    if (outcome.status === 'unreachable') {
      report.unreachable = true;
      return report;
    }
    const entries = store.readOutbox();
    if (outcome.status === 'recorded') {
      store.writeOutbox(entries.filter((e) => e.audit.id !== id));
      store.keepResult(outcome.result);
      report.recorded.push(outcome.result);
    } else {
      store.writeOutbox(
        entries.map((e) => (e.audit.id === id ? { ...e, refusal: outcome.message } : e)),
      );
      report.refused.push(id);
    }
  }
}

/**
 * Sends the outbox, one flush at a time: a call while one runs waits for it and then flushes
 * once more, so an audit finished meanwhile is not left for the next timer.
 */
export function outboxFlusher(store: OutboxStore, send: AuditSender): () => Promise<FlushReport> {
  let running: Promise<FlushReport> | undefined;
  const flush = (): Promise<FlushReport> => {
    if (running) return running.then(flush);
    running = flushOutbox(store, send).finally(() => {
      running = undefined;
    });
    return running;
  };
  return flush;
}
