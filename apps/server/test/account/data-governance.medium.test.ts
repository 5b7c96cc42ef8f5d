import { dataGovernanceSchema, dataKinds } from '@baletrack/contracts/account/data-governance';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { richFarm } from './account-farm.ts';

// What is stored about the organization (docs/product.md#account): counts by kind, what is kept
// and why in a grower's words, how long, who sees it.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('GET /reports/data-governance', () => {
  it("counts the organization's own data of every kind, and says where, how long and who", async () => {
    const farm = await richFarm(t, 'Counted', 5);
    await richFarm(t, 'Neighbour', 9);
    await farm.call('POST', '/data-api/reports/email-user-data');
    const response = await farm.call('GET', '/data-api/reports/data-governance');
    expect(response.status).toBe(200);
    const report = dataGovernanceSchema.parse(await response.json());
    expect(report.organizationName).toBe('Counted Farm');
    expect(report.database).toMatch(/^one database/);
    expect(report.kinds.map((k) => k.kind)).toEqual([...dataKinds]);
    const counts = Object.fromEntries(report.kinds.map((k) => [k.kind, k.count]));
    expect(counts).toEqual({
      people: 2,
      balers: 1,
      bales: 5,
      fields: 1,
      geofences: 1,
      cuttings: 1,
      crops: 1,
      filters: 1,
      automatedReports: 1,
      creditEntries: 1,
      subscriptionMonths: 1,
      authorizedEmails: 1,
      // Nothing was mailed to its people in this fixture.
      mail: 0,
      feedback: 1,
      conversations: 1,
      dataExports: 1,
      hayPrices: 1,
      loads: 1,
      stackAudits: 1,
      heatRiskMail: 1,
    });
    for (const kind of report.kinds) {
      expect(kind.whatIsKept, kind.kind).not.toBe('');
      expect(kind.retention.length, kind.kind).toBeGreaterThan(5);
      expect(kind.visibleTo.length, kind.kind).toBeGreaterThan(5);
    }
    expect(report.kinds.find((k) => k.kind === 'dataExports')?.retention).toMatch(/7 days/);
    // A grower's words: no product, protocol or table names.
    const shown = [report.database, ...report.kinds.map((k) => k.whatIsKept)].join(' ');
    expect(shown).not.toMatch(/PGlite|PostgreSQL|SRP|hash|token|_/);
    expect(report.kinds.find((k) => k.kind === 'people')?.whatIsKept).toContain(
      'your password, stored so that nobody — us included — can read it',
    );
    expect(report.kinds.find((k) => k.kind === 'bales')?.whatIsKept).toContain(
      'every earlier version of each bale’s record, so changes can be traced',
    );
  });
});
