import type { AuditResult } from '@baletrack/contracts/audits/audits';
import {
  auditResultSchema,
  auditStackDetailSchema,
  auditStackSchema,
  recordAuditSchema,
} from '@baletrack/contracts/audits/audits';
import { z } from 'zod';
import type { OutboxEntry, OutboxStore } from '@/features/audits/utils/audit-outbox';
import type { AuditInProgress } from '@/features/audits/utils/audit-scans';

// The phone's audits in localStorage, under keys of the signed-in user in their organization: the
// one in progress, the finished ones waiting to be sent, and the server's answers to the last
// few. Nothing here needs the network, so a reload or a crash in a yard without signal loses
// nothing.

/** Answers kept to show again: the last few audits sent from this phone. */
const RESULTS_KEPT = 10;

const auditInProgressSchema = z.object({
  id: z.uuid(),
  stack: auditStackSchema,
  expected: auditStackDetailSchema.shape.expected,
  scans: recordAuditSchema.shape.scans,
  startedAt: z.string(),
});
const outboxSchema = z.array(
  z.object({ audit: recordAuditSchema, refusal: z.string().nullable() }),
);
const resultsSchema = z.array(auditResultSchema);

export interface AuditStore extends OutboxStore {
  readCurrent(): AuditInProgress | null;
  writeCurrent(audit: AuditInProgress | null): void;
  readResults(): AuditResult[];
  /** For useSyncExternalStore: called on every change, in this tab or another. */
  subscribe(listener: () => void): () => void;
}

/** The audits of one user in one organization (`scope`), in `storage`. */
export function createAuditStore(scope: string, storage: Storage = localStorage): AuditStore {
  const prefix = `baletrack.audits.${scope}.`;
  const keys = {
    current: `${prefix}current`,
    outbox: `${prefix}outbox`,
    results: `${prefix}results`,
  };
  const listeners = new Set<() => void>();
  // The last value read per key, so an unchanged key gives the same object (useSyncExternalStore).
  const cache = new Map<string, { raw: string | null; value: unknown }>();

  function read<T>(key: string, schema: z.ZodType<T>, empty: T): T {
    const raw = storage.getItem(key);
    const cached = cache.get(key);
    if (cached && cached.raw === raw) return cached.value as T;
    const parsed = raw === null ? undefined : schema.safeParse(safeJson(raw));
    if (raw !== null && !parsed?.success) {
      // Kept aside, never dropped: an audit saved by another version of the app is still there.
      storage.setItem(`${key}.unreadable`, raw);
      console.error(`Audits: ${key} could not be read; it is kept as ${key}.unreadable.`);
    }
    const value = parsed?.success ? parsed.data : empty;
    cache.set(key, { raw, value });
    return value;
  }

  function write(key: string, value: unknown): void {
    if (value === null || (Array.isArray(value) && value.length === 0)) storage.removeItem(key);
    else storage.setItem(key, JSON.stringify(value));
    for (const listener of listeners) listener();
  }

  const store: AuditStore = {
    readCurrent: () => read(keys.current, auditInProgressSchema, null),
    writeCurrent: (audit) => write(keys.current, audit),
    readOutbox: () => read<OutboxEntry[]>(keys.outbox, outboxSchema, []),
    writeOutbox: (entries) => write(keys.outbox, entries),
    readResults: () => read(keys.results, resultsSchema, []),
    keepResult: (result) => {
      const others = store.readResults().filter((r) => r.id !== result.id);
      write(keys.results, [result, ...others].slice(0, RESULTS_KEPT));
    },
    subscribe: (listener) => {
      const fromOtherTab = (event: StorageEvent) => {
        if (event.key === null || event.key.startsWith(prefix)) listener();
      };
      listeners.add(listener);
      window.addEventListener('storage', fromOtherTab);
      return () => {
        listeners.delete(listener);
        window.removeEventListener('storage', fromOtherTab);
      };
    },
  };
  return store;
}

function safeJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}
