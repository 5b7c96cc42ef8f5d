import type {
  AuditResult,
  AuditStack,
  AuditStackDetail,
  RecordAudit,
} from '@baletrack/contracts/audits/audits';
import type { Role } from '@baletrack/contracts/identity/roles';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { auditsKeys } from '@/features/audits/api/audits-keys';
import { AuditWorkspace } from '@/features/audits/components/audit-workspace';
import { type AuditStore, createAuditStore } from '@/features/audits/stores/audit-store';
import {
  type AuditSender,
  queueAudit,
  type SendOutcome,
} from '@/features/audits/utils/audit-outbox';
import { startAudit, toRecordAudit } from '@/features/audits/utils/audit-scans';
import { onPhoneScreen } from '@/testing/phone-screen';
import { renderWithProviders } from '@/testing/render-with-providers';

// The audit screens on a phone: scanning keeps the input ready for the next bale and the figures
// live, a finished audit waits in the outbox and says so while there is no connection, and a
// viewer sees the stacks but starts nothing. The phone's storage is the page's own localStorage;
// the sender stands in for POST /audits.

const stack: AuditStack = {
  id: '00000000-0000-4000-8000-00000000a501',
  lat: 46.123456,
  lon: -119.654321,
  storage: 'North yard',
  baleCount: 4,
  distanceM: 120,
  lastAudit: {
    id: '00000000-0000-4000-8000-00000000a0d0',
    finishedAt: '2026-12-03T15:00:00Z',
    by: 'Sam Miller',
    expectedCount: 42,
    foundCount: 40,
    missingCount: 2,
    unexpectedCount: 0,
  },
};
const detail: AuditStackDetail = {
  stack,
  expected: [
    { uid: 'U1', tag: 'A0041' },
    { uid: 'U2', tag: 'A0042' },
    { uid: 'U3', tag: 'A0043' },
    { uid: 'U4', tag: null },
  ],
};
const auditId = '00000000-0000-4000-8000-00000000a0d1';

let scopes = 0;
function newStore(): AuditStore {
  scopes += 1;
  return createAuditStore(`test-org.user-${scopes}`);
}

afterEach(() => {
  localStorage.clear();
});

function resultOf(audit: RecordAudit): AuditResult {
  return {
    id: audit.id,
    stackId: audit.stackId,
    storage: audit.storage,
    by: 'Sam Miller',
    startedAt: audit.startedAt,
    finishedAt: audit.finishedAt,
    found: ['A0041'],
    missing: ['A0042', 'A0043'],
    unexpected: [
      { tag: 'B0007', reason: 'otherStack', otherStorage: 'East shed' },
      { tag: 'Z0001', reason: 'unknown', otherStorage: null },
    ],
    moved: 1,
  };
}

/** A sender that always answers so, noting what it was given. */
function answering(status: SendOutcome['status']) {
  const sent: RecordAudit[] = [];
  const send: AuditSender = async (audit) => {
    sent.push(audit);
    if (status === 'recorded') return { status, result: resultOf(audit) };
    if (status === 'refused') return { status, message: 'Refused.' };
    return { status };
  };
  return { send, sent };
}

function renderAudits(store: AuditStore, send: AuditSender, role: Role = 'manager') {
  return renderWithProviders(<AuditWorkspace store={store} send={send} />, {
    signedInAs: role,
    measurementSystem: 'MetricSI',
    queryData: [[auditsKeys.stacks(null), { stacks: [stack] }]],
  });
}

function renderScanning(send: AuditSender = answering('unreachable').send) {
  const store = newStore();
  store.writeCurrent(startAudit(detail, auditId, new Date('2026-12-03T09:00:00Z')));
  return { store, ...renderAudits(store, send) };
}

describe('Stack audit on a phone', () => {
  onPhoneScreen();

  it('scans a tag on Enter: the figures follow, the input empties and keeps the focus', async () => {
    const { store, user } = renderScanning();
    const input = screen.getByLabelText('Scan or type a tag') as HTMLInputElement;
    await waitFor(() => expect(document.activeElement).toBe(input));
    expect(screen.getByText('Found 0 of 4')).toBeTruthy();

    await user.type(input, ' A0041 {Enter}');
    expect(screen.getByText('Found 1 of 4')).toBeTruthy();
    expect(screen.getByText('A0041 found.')).toBeTruthy();
    expect(input.value).toBe('');
    expect(document.activeElement).toBe(input);
    // Saved on the phone at once.
    expect(store.readCurrent()?.scans.map((scan) => scan.tag)).toEqual(['A0041']);

    await user.type(input, 'B0007{Enter}');
    expect(screen.getByText('B0007 is not expected in this stack.')).toBeTruthy();
    const notExpected = screen.getByRole('list', { name: /^Not expected here/ });
    expect(within(notExpected).getByText('B0007')).toBeTruthy();
    const missing = within(screen.getByRole('list', { name: /^Missing/ }))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(missing).toEqual(['A0042', 'A0043', 'untagged bale U4']);
  });

  it('says a tag scanned twice is already scanned, and counts it once', async () => {
    const { user } = renderScanning();
    const input = screen.getByLabelText('Scan or type a tag');
    await user.type(input, 'A0042{Enter}A0042{Enter}');
    expect(screen.getByText('A0042 already scanned.')).toBeTruthy();
    expect(screen.getByText('Found 1 of 4')).toBeTruthy();
  });

  it('offers no camera where the browser has no BarcodeDetector', () => {
    renderScanning();
    expect('BarcodeDetector' in window).toBe(false);
    expect(screen.queryByRole('button', { name: 'Scan with the camera' })).toBeNull();
  });

  it('offers the camera where the browser reads barcodes', () => {
    const stubs = { BarcodeDetector: window, mediaDevices: navigator } as const;
    Object.defineProperty(window, 'BarcodeDetector', { value: class {}, configurable: true });
    Object.defineProperty(navigator, 'mediaDevices', {
      value: { getUserMedia: async () => new MediaStream() },
      configurable: true,
    });
    try {
      renderScanning();
      expect(screen.getByRole('button', { name: 'Scan with the camera' })).toBeTruthy();
    } finally {
      for (const [name, owner] of Object.entries(stubs)) Reflect.deleteProperty(owner, name);
    }
  });

  it('resumes the audit in progress when the page opens again', () => {
    const store = newStore();
    const audit = startAudit(detail, auditId, new Date('2026-12-03T09:00:00Z'));
    store.writeCurrent({ ...audit, scans: [{ tag: 'A0043', scannedAt: audit.startedAt }] });
    renderAudits(store, answering('unreachable').send);
    expect(screen.getByText('North yard')).toBeTruthy();
    expect(screen.getByText('Found 1 of 4')).toBeTruthy();
  });

  it('asks before discarding the audit, then shows the stacks again', async () => {
    const { store, user } = renderScanning();
    await user.type(screen.getByLabelText('Scan or type a tag'), 'A0041{Enter}');
    await user.click(screen.getByRole('button', { name: 'Cancel audit' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel this audit?' });
    await user.click(within(dialog).getByRole('button', { name: 'Discard audit' }));
    expect(store.readCurrent()).toBeNull();
    expect(screen.getByRole('list', { name: 'Stacks' })).toBeTruthy();
  });

  it('keeps a finished audit on the phone and says so while the sender finds no connection', async () => {
    const { send, sent } = answering('unreachable');
    const { store, user } = renderScanning(send);
    await user.type(screen.getByLabelText('Scan or type a tag'), 'A0041{Enter}');
    await user.click(screen.getByRole('button', { name: 'Finish audit' }));
    // Bales are missing: asked once more.
    const dialog = screen.getByRole('dialog', { name: 'Finish with bales missing?' });
    expect(dialog.textContent).toContain(
      '3 bales of 4 expected here were not scanned (1 without a tag)',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Finish audit' }));

    expect(
      await screen.findByText(
        'Offline: 1 audit waits on this phone and will be sent when the connection returns.',
      ),
    ).toBeTruthy();
    expect(sent.map((audit) => audit.id)).toEqual([auditId]);
    expect(store.readCurrent()).toBeNull();
    expect(store.readOutbox().map((entry) => entry.audit.id)).toEqual([auditId]);
    expect(screen.getByRole('heading', { name: 'Audit of North yard' })).toBeTruthy();
  });

  it("shows the server's result once the audit is recorded, the reasons in words", async () => {
    const { send } = answering('recorded');
    const { store, user } = renderScanning(send);
    await user.type(screen.getByLabelText('Scan or type a tag'), 'A0041{Enter}B0007{Enter}');
    await user.click(screen.getByRole('button', { name: 'Finish audit' }));
    await user.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Finish audit' }),
    );

    const unexpected = await screen.findByRole('list', { name: 'Tags not expected' });
    expect(
      within(unexpected)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['B0007: in the stack at East shed', 'Z0001: not a tag of this farm']);
    expect(screen.getByText('1 bale from elsewhere placed on this stack')).toBeTruthy();
    expect(store.readOutbox()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Audit another stack' }));
    expect(screen.getByRole('list', { name: 'Stacks' })).toBeTruthy();
  });

  it('keeps an audit the server refused, with its reason, until it is discarded', async () => {
    const store = newStore();
    const audit = startAudit(detail, auditId, new Date('2026-12-03T09:00:00Z'));
    queueAudit(store, toRecordAudit(audit, new Date('2026-12-03T09:30:00Z')));
    const { user } = renderAudits(store, answering('refused').send);
    expect(await screen.findByText('The audit of North yard was not recorded')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Discard' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Discard this audit?' })).getByRole('button', {
        name: 'Discard',
      }),
    );
    await waitFor(() => expect(store.readOutbox()).toEqual([]));
  });

  it('lists the stacks with their bales, distance and last audit', () => {
    renderAudits(newStore(), answering('unreachable').send);
    const card = screen.getByRole('listitem', { name: 'North yard' });
    expect(within(card).getByText('4 bales · 120 m away')).toBeTruthy();
    expect(
      within(card).getByText(/^Audited Dec 3(, 2026)? by Sam Miller: 40 found, 2 missing$/),
    ).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Start audit' })).toBeTruthy();
  });

  it('explains politely when the phone will not tell where it is', async () => {
    Object.defineProperty(navigator, 'geolocation', {
      value: {
        getCurrentPosition: (_found: unknown, failed: (error: object) => void) =>
          failed({ code: 1, PERMISSION_DENIED: 1 }),
      },
      configurable: true,
    });
    try {
      const { user } = renderAudits(newStore(), answering('unreachable').send);
      await user.click(screen.getByRole('button', { name: 'Nearest first' }));
      expect(screen.getByRole('alert').textContent).toMatch(
        /^Baletrack may not use this phone's location\. Allow it in the browser's settings/,
      );
      // The list stays, in its first order.
      expect(screen.getByRole('listitem', { name: 'North yard' })).toBeTruthy();
    } finally {
      Reflect.deleteProperty(navigator, 'geolocation');
    }
  });

  it('lets a viewer see the stacks and their history but start no audit', () => {
    renderAudits(newStore(), answering('unreachable').send, 'viewer');
    const card = screen.getByRole('listitem', { name: 'North yard' });
    expect(within(card).queryByRole('button', { name: 'Start audit' })).toBeNull();
    expect(within(card).getByRole('button', { name: 'History' })).toBeTruthy();
    expect(screen.getByText(/Only the account owner or a manager audits stacks/)).toBeTruthy();
  });
});
