import {
  AUDIT_SCANS_MAX,
  type AuditStack,
  type AuditStackDetail,
  auditMessages,
  type RecordAudit,
  recordAuditSchema,
} from '@baletrack/contracts/audits/audits';

/** An audit on this phone from picking the stack until Finish, saved after every scan. */
export interface AuditInProgress {
  id: string;
  stack: AuditStack;
  expected: AuditStackDetail['expected'];
  scans: RecordAudit['scans'];
  startedAt: string;
}

/** What one scan did, for the line under the input. */
export type ScanOutcome =
  | { kind: 'found'; tag: string }
  | { kind: 'notExpected'; tag: string }
  | { kind: 'alreadyScanned'; tag: string }
  | { kind: 'empty' }
  | { kind: 'notATag'; message: string };

// A scan's tag as the contract takes it (trimmed, at most 200 characters).
const tagSchema = recordAuditSchema.shape.scans.element.shape.tag;
const tooLong = `Not a tag: a tag has at most ${tagSchema.maxLength} characters.`;

/** A new audit of a stack, holding the tags the server expects in it. */
export function startAudit(detail: AuditStackDetail, id: string, now: Date): AuditInProgress {
  return {
    id,
    stack: detail.stack,
    expected: detail.expected,
    scans: [],
    startedAt: now.toISOString(),
  };
}

/**
 * The audit with one more tag, as typed or read: trimmed, empty input ignored, a tag scanned
 * before counted once.
 */
export function addScan(
  audit: AuditInProgress,
  typed: string,
  now: Date,
): { audit: AuditInProgress; outcome: ScanOutcome } {
  if (typed.trim() === '') return { audit, outcome: { kind: 'empty' } };
  const parsed = tagSchema.safeParse(typed);
  // Trimmed and not empty, only its length can be wrong (a long code read by the camera).
  if (!parsed.success) return { audit, outcome: { kind: 'notATag', message: tooLong } };
  const tag = parsed.data;
  if (audit.scans.some((scan) => scan.tag === tag)) {
    return { audit, outcome: { kind: 'alreadyScanned', tag } };
  }
  if (audit.scans.length >= AUDIT_SCANS_MAX) {
    return { audit, outcome: { kind: 'notATag', message: auditMessages.tooManyScans } };
  }
  const scans = [...audit.scans, { tag, scannedAt: now.toISOString() }];
  const expected = audit.expected.some((bale) => bale.tag === tag);
  return { audit: { ...audit, scans }, outcome: { kind: expected ? 'found' : 'notExpected', tag } };
}

/** The live figures: how many expected bales were found, which are missing, what surprised. */
export interface AuditFigures {
  expectedCount: number;
  foundCount: number;
  /** Expected and not scanned yet, untagged bales (which cannot be scanned) among them. */
  missing: AuditStackDetail['expected'];
  /** Scanned and not expected here, in the order scanned. */
  notExpected: string[];
}

export function auditFigures(audit: AuditInProgress): AuditFigures {
  const scanned = new Set(audit.scans.map((scan) => scan.tag));
  const expectedTags = new Set(audit.expected.flatMap((bale) => (bale.tag ? [bale.tag] : [])));
  const missing = audit.expected.filter((bale) => bale.tag === null || !scanned.has(bale.tag));
  return {
    expectedCount: audit.expected.length,
    foundCount: audit.expected.length - missing.length,
    missing,
    notExpected: audit.scans.map((scan) => scan.tag).filter((tag) => !expectedTags.has(tag)),
  };
}

/** The finished audit as POST /audits takes it; a phone clock set back never ends it early. */
export function toRecordAudit(audit: AuditInProgress, now: Date): RecordAudit {
  const startedMs = Date.parse(audit.startedAt);
  return {
    id: audit.id,
    stackId: audit.stack.id,
    stack: { lat: audit.stack.lat, lon: audit.stack.lon },
    storage: audit.stack.storage,
    expectedTags: [...new Set(audit.expected.flatMap((bale) => (bale.tag ? [bale.tag] : [])))],
    scans: audit.scans,
    startedAt: audit.startedAt,
    finishedAt: new Date(Math.max(now.getTime(), startedMs)).toISOString(),
  };
}

/** A new audit's id: the phone's own, so sending it twice records it once. */
export function newAuditId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // crypto.randomUUID exists only on https and localhost; a farm server on plain http on the
  // yard's network still gets a version 4 UUID.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
