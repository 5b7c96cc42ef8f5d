import {
  type IngestBale,
  type IngestRejection,
  ingestBaleSchema,
} from '@baletrack/contracts/ingest/ingest';

/** The first day of the UTC month of an instant, 'YYYY-MM-01'. */
export function utcMonth(instant: Date): string {
  return `${instant.toISOString().slice(0, 7)}-01`;
}

/**
 * Checks one record of a batch on its own, so a bad record is reported while the rest are
 * stored.
 */
export function parseRecord(
  record: unknown,
  index: number,
): { bale: IngestBale } | { rejection: IngestRejection } {
  if (typeof record !== 'object' || record === null || Array.isArray(record)) {
    return { rejection: { index, reason: 'A bale must be a JSON object.' } };
  }
  const parsed = ingestBaleSchema.safeParse(record);
  if (parsed.success) return { bale: parsed.data };
  const reason = parsed.error.issues
    .map((issue) => {
      const path = issue.path.map(String).join('.');
      return path === '' ? issue.message : `${path}: ${issue.message}`;
    })
    .join('; ');
  // The uid, when readable, helps the baler find the record it must fix.
  const uid = 'uid' in record && typeof record.uid === 'string' ? record.uid : '';
  return { rejection: uid === '' ? { index, reason } : { index, uid, reason } };
}
