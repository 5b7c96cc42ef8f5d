import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { auditChangeKeys } from '@/features/audits/api/audits-keys';
import { useOnline } from '@/features/audits/hooks/use-online';
import type { AuditStore } from '@/features/audits/stores/audit-store';
import {
  type AuditSender,
  discardAudit,
  type FlushReport,
  isWaiting,
  outboxFlusher,
} from '@/features/audits/utils/audit-outbox';

/**
 * While audits wait, tries again after 3 s, then twice as long after each try that found no
 * connection, up to every 30 s: the signal coming back is noticed within seconds, even where the
 * browser's "online" event comes early (before requests go through) or not at all.
 */
const FIRST_RETRY_MS = 3_000;
const LONGEST_RETRY_MS = 30_000;

/**
 * The outbox on screen: its audits and the server's answers, whether a send is on its way, and
 * how the last one went. Sends when the page opens, when the browser's connection comes back
 * and again while audits wait (FIRST_RETRY_MS).
 */
export function useAuditOutbox(store: AuditStore, send: AuditSender) {
  const queryClient = useQueryClient();
  const entries = useSyncExternalStore(store.subscribe, store.readOutbox);
  const results = useSyncExternalStore(store.subscribe, store.readResults);
  const online = useOnline();
  const [sendsRunning, setSendsRunning] = useState(0);
  const [lastReport, setLastReport] = useState<FlushReport | null>(null);
  const [retryIn, setRetryIn] = useState(FIRST_RETRY_MS);
  const [tries, setTries] = useState(0);
  const flusher = useMemo(() => outboxFlusher(store, send), [store, send]);

  const flush = useCallback(async (): Promise<FlushReport | null> => {
    // Offline for sure, or nothing to send: no attempt, and no "Sending…" flashing by.
    if (!navigator.onLine || !store.readOutbox().some(isWaiting)) return null;
    setSendsRunning((n) => n + 1);
    try {
      const report = await flusher();
      setLastReport(report);
      setRetryIn((delay) =>
        report.unreachable ? Math.min(LONGEST_RETRY_MS, delay * 2) : FIRST_RETRY_MS,
      );
      if (report.recorded.length > 0) {
        for (const queryKey of auditChangeKeys) void queryClient.invalidateQueries({ queryKey });
      }
      return report;
    } finally {
      setSendsRunning((n) => n - 1);
    }
  }, [flusher, store, queryClient]);

  useEffect(() => {
    void flush();
    const sendNow = () => void flush();
    window.addEventListener('online', sendNow);
    return () => window.removeEventListener('online', sendNow);
  }, [flush]);

  const waiting = entries.filter(isWaiting);
  const anyWaiting = waiting.length > 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `tries` re-arms the timer after each try, whatever it came to
  useEffect(() => {
    if (!anyWaiting) return;
    const timer = window.setTimeout(
      () => void flush().finally(() => setTries((n) => n + 1)),
      retryIn,
    );
    return () => window.clearTimeout(timer);
  }, [anyWaiting, flush, retryIn, tries]);

  return {
    entries,
    waiting,
    refused: entries.filter((entry) => !isWaiting(entry)),
    results,
    sending: sendsRunning > 0,
    /** The audits wait for a connection: the browser has none, or the last send found none. */
    offline: anyWaiting && (!online || lastReport?.unreachable === true),
    flush,
    discard: (auditId: string) => discardAudit(store, auditId),
  };
}

export type AuditOutbox = ReturnType<typeof useAuditOutbox>;
