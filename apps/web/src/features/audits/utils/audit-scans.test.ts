import {
  AUDIT_SCANS_MAX,
  type AuditStackDetail,
  auditMessages,
  recordAuditSchema,
} from '@baletrack/contracts/audits/audits';
import { describe, expect, it } from 'vitest';
import {
  addScan,
  auditFigures,
  newAuditId,
  startAudit,
  toRecordAudit,
} from '@/features/audits/utils/audit-scans';

// An audit on the phone: what each scan does to it and to the live figures, and what is sent
// when it is finished.

const detail: AuditStackDetail = {
  stack: {
    id: '00000000-0000-4000-8000-00000000a501',
    lat: 46.123456,
    lon: -119.654321,
    storage: 'North yard',
    baleCount: 4,
    distanceM: null,
    lastAudit: null,
  },
  expected: [
    { uid: 'U1', tag: 'A0041' },
    { uid: 'U2', tag: 'A0042' },
    { uid: 'U3', tag: 'A0043' },
    { uid: 'U4', tag: null },
  ],
};
const auditId = '00000000-0000-4000-8000-00000000a0d1';
const at = (minute: number) => new Date(Date.UTC(2026, 11, 3, 9, minute));

function scanAll(...typed: string[]) {
  let audit = startAudit(detail, auditId, at(0));
  const outcomes = typed.map((text, i) => {
    const step = addScan(audit, text, at(i + 1));
    audit = step.audit;
    return step.outcome;
  });
  return { audit, outcomes };
}

describe('addScan', () => {
  it('trims a tag and says whether the stack expects it, keeping the time it was scanned', () => {
    const { audit, outcomes } = scanAll(' A0041 ', 'B9999');
    expect(outcomes).toEqual([
      { kind: 'found', tag: 'A0041' },
      { kind: 'notExpected', tag: 'B9999' },
    ]);
    expect(audit.scans).toEqual([
      { tag: 'A0041', scannedAt: '2026-12-03T09:01:00.000Z' },
      { tag: 'B9999', scannedAt: '2026-12-03T09:02:00.000Z' },
    ]);
  });

  it('counts a tag scanned twice once, and ignores an empty Enter', () => {
    const { audit, outcomes } = scanAll('A0041', 'A0041 ', '   ', '');
    expect(outcomes).toEqual([
      { kind: 'found', tag: 'A0041' },
      { kind: 'alreadyScanned', tag: 'A0041' },
      { kind: 'empty' },
      { kind: 'empty' },
    ]);
    expect(audit.scans.map((scan) => scan.tag)).toEqual(['A0041']);
  });

  it('returns the same audit when nothing was added, so nothing is saved again', () => {
    const { audit } = scanAll('A0041');
    expect(addScan(audit, 'A0041', at(9)).audit).toBe(audit);
    expect(addScan(audit, '', at(9)).audit).toBe(audit);
  });

  it('refuses a code longer than a tag and a scan past the most an audit holds', () => {
    const { audit } = scanAll();
    expect(addScan(audit, 'x'.repeat(201), at(1)).outcome).toEqual({
      kind: 'notATag',
      message: 'Not a tag: a tag has at most 200 characters.',
    });
    const full = {
      ...audit,
      scans: Array.from({ length: AUDIT_SCANS_MAX }, (_, i) => ({
        tag: `T${i}`,
        scannedAt: at(1).toISOString(),
      })),
    };
    expect(addScan(full, 'A0041', at(2)).outcome).toEqual({
      kind: 'notATag',
      message: auditMessages.tooManyScans,
    });
  });
});

describe('auditFigures', () => {
  it('counts found of all expected bales; untagged ones stay missing; strangers are listed', () => {
    const { audit } = scanAll('A0042', 'C0001', 'A0041', 'B0002');
    expect(auditFigures(audit)).toEqual({
      expectedCount: 4,
      foundCount: 2,
      missing: [
        { uid: 'U3', tag: 'A0043' },
        { uid: 'U4', tag: null },
      ],
      notExpected: ['C0001', 'B0002'],
    });
  });

  it('has every expected bale missing before the first scan', () => {
    const figures = auditFigures(startAudit(detail, auditId, at(0)));
    expect(figures.foundCount).toBe(0);
    expect(figures.missing).toHaveLength(4);
    expect(figures.notExpected).toEqual([]);
  });
});

describe('toRecordAudit', () => {
  it('makes the body POST /audits takes: expected tags without the untagged bales', () => {
    const { audit } = scanAll('A0041', 'B9999');
    const body = toRecordAudit(audit, at(30));
    expect(body).toEqual({
      id: auditId,
      stackId: detail.stack.id,
      stack: { lat: 46.123456, lon: -119.654321 },
      storage: 'North yard',
      expectedTags: ['A0041', 'A0042', 'A0043'],
      scans: audit.scans,
      startedAt: '2026-12-03T09:00:00.000Z',
      finishedAt: '2026-12-03T09:30:00.000Z',
    });
    expect(recordAuditSchema.safeParse(body).success).toBe(true);
  });

  it('never finishes before it started, when the phone clock was set back', () => {
    const audit = startAudit(detail, auditId, at(30));
    const body = toRecordAudit(audit, at(10));
    expect(body.finishedAt).toBe(body.startedAt);
    expect(recordAuditSchema.safeParse(body).success).toBe(true);
  });
});

describe('newAuditId', () => {
  it('is a UUID the contract takes, new each time', () => {
    const first = newAuditId();
    expect(recordAuditSchema.shape.id.safeParse(first).success).toBe(true);
    expect(newAuditId()).not.toBe(first);
  });
});
