import { controlCharacterIssue } from '@baletrack/contracts/common/control-characters';
import { fieldMessage } from '@baletrack/contracts/errors/field-message';
import {
  type IngestBale,
  type IngestRejection,
  ingestBaleSchema,
} from '@baletrack/contracts/ingest/ingest';
import { fastCheckedBale } from './ingest-fast-check.ts';

/** The first day of the UTC month of an instant, 'YYYY-MM-01'. */
export function utcMonth(instant: Date): string {
  return `${instant.toISOString().slice(0, 7)}-01`;
}

/**
 * Checks one record of a batch on its own, so a bad record is reported while the rest are
 * stored. A well-formed record passes a hand-written check (fastCheckedBale); any other goes
 * through `checkRecord`, whose answer is the same for every record.
 */
export function parseRecord(
  record: unknown,
  index: number,
): { bale: IngestBale } | { rejection: IngestRejection } {
  const bale = fastCheckedBale(record);
  return bale ? { bale } : checkRecord(record, index);
}

/** parseRecord the full way: the control-character walk, then ingestBaleSchema's messages. */
export function checkRecord(
  record: unknown,
  index: number,
): { bale: IngestBale } | { rejection: IngestRejection } {
  if (typeof record !== 'object' || record === null || Array.isArray(record)) {
    return { rejection: { index, reason: 'A bale must be a JSON object.' } };
  }
  const unprintable = controlCharacterIssue(record);
  if (unprintable) {
    // Like every reason, led by the record's key, which the baler's software knows it by.
    const reason = `${unprintable.path}: ${unprintable.message}`;
    return { rejection: withUid(record, { index, reason }) };
  }
  const parsed = ingestBaleSchema.safeParse(record);
  if (parsed.success) return { bale: parsed.data };
  const reason = parsed.error.issues
    .map((issue) => {
      const path = issue.path.map(String).join('.');
      const message = fieldMessage(path, issue.message);
      // Our own messages do not repeat the field; the reason always names it.
      return path === '' || message.startsWith(`${path}: `) ? message : `${path}: ${message}`;
    })
    .join('; ');
  return { rejection: withUid(record, { index, reason }) };
}

/** The uid, when readable, helps the baler find the record it must fix. */
function withUid(record: object, rejection: IngestRejection): IngestRejection {
  const uid = 'uid' in record && typeof record.uid === 'string' ? record.uid : '';
  return uid === '' || controlCharacterIssue(uid) ? rejection : { ...rejection, uid };
}
