import type { AuditResult, RecordAudit } from '@baletrack/contracts/audits/audits';
import { describe, expect, it } from 'vitest';
import {
  type AuditSender,
  discardAudit,
  isRefusalStatus,
  type OutboxEntry,
  type OutboxStore,
  outboxFlusher,
  queueAudit,
  type SendOutcome,
} from '@/features/audits/utils/audit-outbox';

// The outbox keeps finished audits until the server has them: sent in order, one at a time,
// each removed only after the server recorded it; no connection stops the flush, a refusal
// stays with its reason until the person discards it.

function memoryStore(): OutboxStore & { results: AuditResult[] } {
  let entries: OutboxEntry[] = [];
  const results: AuditResult[] = [];
  return {
    readOutbox: () => entries,
    writeOutbox: (next) => {
      entries = next;
    },
    keepResult: (result) => results.unshift(result),
    results,
  };
}

const id = (n: number) => `00000000-0000-4000-8000-0000000000${String(n).padStart(2, '0')}`;

function finished(n: number): RecordAudit {
  return {
    id: id(n),
    stackId: '00000000-0000-4000-8000-00000000a501',
    stack: { lat: 46.1, lon: -119.6 },
    storage: 'North yard',
    expectedTags: ['A0041'],
    scans: [{ tag: 'A0041', scannedAt: '2026-12-03T09:01:00Z' }],
    startedAt: '2026-12-03T09:00:00Z',
    finishedAt: '2026-12-03T09:30:00Z',
  };
}

function resultOf(audit: RecordAudit): AuditResult {
  return {
    id: audit.id,
    stackId: audit.stackId,
    storage: audit.storage,
    by: 'Sam',
    startedAt: audit.startedAt,
    finishedAt: audit.finishedAt,
    found: ['A0041'],
    missing: [],
    unexpected: [],
    moved: 0,
  };
}

/** A sender answering each audit as `answers` says (recorded by default), noting what it sent. */
function sender(answers: Record<string, SendOutcome['status'] | 'throws'> = {}) {
  const sent: string[] = [];
  const send: AuditSender = async (audit) => {
    sent.push(audit.id);
    const answer = answers[audit.id] ?? 'recorded';
    if (answer === 'throws') throw new TypeError('Failed to fetch');
    if (answer === 'unreachable') return { status: 'unreachable' };
    if (answer === 'refused') return { status: 'refused', message: 'Viewers can see…' };
    return { status: 'recorded', result: resultOf(audit) };
  };
  return { send, sent };
}

const queued = (store: OutboxStore) => store.readOutbox().map((e) => e.audit.id);

describe('outbox', () => {
  it('sends the audits in the order they were finished and removes each once recorded', async () => {
    const store = memoryStore();
    for (const n of [1, 2, 3]) queueAudit(store, finished(n));
    const { send, sent } = sender();
    const report = await outboxFlusher(store, send)();
    expect(sent).toEqual([id(1), id(2), id(3)]);
    expect(queued(store)).toEqual([]);
    expect(report.recorded.map((r) => r.id)).toEqual([id(1), id(2), id(3)]);
    expect(report.unreachable).toBe(false);
    // Newest answer first, to show.
    expect(store.results.map((r) => r.id)).toEqual([id(3), id(2), id(1)]);
  });

  it('stops at the first audit that finds no connection, keeping it and those after it', async () => {
    const store = memoryStore();
    for (const n of [1, 2, 3]) queueAudit(store, finished(n));
    const { send, sent } = sender({ [id(2)]: 'unreachable' });
    const report = await outboxFlusher(store, send)();
    expect(sent).toEqual([id(1), id(2)]);
    expect(queued(store)).toEqual([id(2), id(3)]);
    expect(report.unreachable).toBe(true);
    expect(store.readOutbox().every((e) => e.refusal === null)).toBe(true);
  });

  it('takes a sender that throws (a fetch that failed) for no connection', async () => {
    const store = memoryStore();
    queueAudit(store, finished(1));
    const report = await outboxFlusher(store, sender({ [id(1)]: 'throws' }).send)();
    expect(report.unreachable).toBe(true);
    expect(queued(store)).toEqual([id(1)]);
  });

  it('keeps a refused audit with its reason, sends the ones after it, and never resends it', async () => {
    const store = memoryStore();
    for (const n of [1, 2]) queueAudit(store, finished(n));
    const first = sender({ [id(1)]: 'refused' });
    const report = await outboxFlusher(store, first.send)();
    expect(first.sent).toEqual([id(1), id(2)]);
    expect(report.refused).toEqual([id(1)]);
    expect(store.readOutbox()).toEqual([{ audit: finished(1), refusal: 'Viewers can see…' }]);

    const again = sender();
    await outboxFlusher(store, again.send)();
    expect(again.sent).toEqual([]);
    discardAudit(store, id(1));
    expect(queued(store)).toEqual([]);
  });

  it('sends each audit once when flushes overlap, and keeps one finished during a send', async () => {
    const store = memoryStore();
    queueAudit(store, finished(1));
    const sent: string[] = [];
    let answerFirst: () => void = () => {};
    const send: AuditSender = async (audit) => {
      sent.push(audit.id);
      if (audit.id === id(1)) await new Promise<void>((resolve) => (answerFirst = resolve));
      return { status: 'recorded', result: resultOf(audit) };
    };
    const flush = outboxFlusher(store, send);
    const first = flush();
    const second = flush();
    // Finished while the first audit is on its way.
    queueAudit(store, finished(2));
    answerFirst();
    await Promise.all([first, second]);
    expect(sent).toEqual([id(1), id(2)]);
    expect(queued(store)).toEqual([]);
  });

  it('holds an audit finished twice (after a crash) once, in its first place', () => {
    const store = memoryStore();
    for (const n of [1, 2, 1]) queueAudit(store, finished(n));
    expect(queued(store)).toEqual([id(1), id(2)]);
  });
});

describe('isRefusalStatus', () => {
  it('takes a 4xx for a refusal, except signed out and try-later answers', () => {
    expect([400, 403, 404, 409, 422].map(isRefusalStatus)).toEqual([true, true, true, true, true]);
    expect([0, 401, 408, 429, 500, 502, 503].map(isRefusalStatus)).toEqual(Array(7).fill(false));
  });
});
