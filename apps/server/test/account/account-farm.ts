import { randomUUID } from 'node:crypto';
import { emptyFilter } from '@baletrack/contracts/filters/filter';
import { strFromU8, unzipSync } from 'fflate';
import { insertCrops } from '../../src/features/crops/crops.repository.ts';
import { insertCuttings } from '../../src/features/cuttings/cuttings.repository.ts';
import { insertFilter } from '../../src/features/filters/filters.repository.ts';
import { createPoolUser } from '../../src/features/identity/user-pool.service.ts';
import { addLedgerEntries } from '../../src/features/subscriptions/credit-ledger.repository.ts';
import { ingest, newBale, newBaler, newField, newGeofence, square } from '../helpers/farm.ts';
import { newConfirmedUser, signIn } from '../helpers/identity.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { apiCall } from '../helpers/user-api.ts';

/**
 * A farm with something in every table an organization has: people (a signed-in owner and a
 * sub-user), a baler with bales, a field, a storage area, a crop and cutting, a filter, an
 * automated report, credits, an authorized email, feedback, a chat message, a hay price and the
 * heat-risk mail's chosen person and one sent day.
 */
export async function richFarm(t: TestApp, label: string, bales = 12) {
  const owner = await newConfirmedUser(t.ctx, { organizationName: `${label} Farm` });
  const { orgId } = owner;
  const db = t.ctx.db;
  const subEmail = `hand-${randomUUID().slice(0, 8)}@example.com`;
  const sub = await createPoolUser(t.ctx, {
    orgId,
    email: subEmail,
    name: `${label} Hand`,
    password: 'Sub-user-pass1',
    groups: ['AccountsManager'],
    status: 'CONFIRMED',
  });
  const field = await newField(t.ctx, orgId, {
    name: `${label} North`,
    boundary: square(-120.5, 46.6),
  });
  await newGeofence(t.ctx, orgId, { name: `${label} Yard`, boundary: square(-120.49, 46.61) });
  const baler = await newBaler(t.ctx, orgId, { name: `${label} Baler` });
  await ingest(
    t,
    baler.apiKey,
    Array.from({ length: bales }, () => newBale()),
  );
  const [cropId] = await insertCrops(db, orgId, [
    { name: `${label} Alfalfa`, k2oKgPerTonneDm: 27.5 },
  ]);
  await insertCuttings(db, orgId, [
    {
      name: `${label} First`,
      startDate: '2025-06-01',
      endDate: '2025-06-30',
      year: 2025,
      fieldIds: [field.id],
      cropId: cropId as string,
    },
  ]);
  const filter = await insertFilter(db, orgId, {
    id: randomUUID(),
    name: `${label} Filter`,
    definition: (({ name: _, ...rest }) => rest)(emptyFilter),
  });
  await db
    .insertInto('automatedReports')
    .values({
      orgId,
      id: randomUUID(),
      filterId: filter.id,
      frequency: 'weekly',
      timezone: 'UTC',
      units: 'Metric',
      includeCuttingless: true,
      recipients: [owner.email],
    })
    .execute();
  await addLedgerEntries(db, orgId, [{ kind: 'grant', count: 3, note: 'Welcome' }]);
  await db
    .insertInto('authorizedEmails')
    .values({
      id: randomUUID(),
      orgId,
      email: `acm-${label.toLowerCase()}@example.com`,
      status: 'Active',
    })
    .execute();
  await db
    .insertInto('feedback')
    .values({
      orgId,
      id: randomUUID(),
      userId: owner.id,
      type: 'feature',
      name: 'Owner',
      email: owner.email,
      details: `${label} wants more`,
    })
    .execute();
  await db
    .insertInto('hayPrices')
    .values({
      orgId,
      id: randomUUID(),
      grade: 'legume.Premium',
      price: 240,
      unit: 'shortTon',
      premiumPerRfvPoint: null,
      effectiveFrom: '2025-05-01',
      createdBy: owner.id,
      createdAt: new Date(),
    })
    .execute();
  const loadId = randomUUID();
  await db
    .insertInto('loads')
    .values({ orgId, id: loadId, name: `${label} load`, status: 'open', createdBy: owner.id })
    .execute();
  await db.insertInto('loadBales').values({ orgId, loadId, baleUid: 'EXPORT-LOADED' }).execute();
  await db
    .insertInto('loadLinks')
    .values({
      orgId,
      id: randomUUID(),
      loadId,
      token: `secret-${randomUUID()}`,
      showFarmName: false,
      createdBy: owner.id,
      expiresAt: new Date(Date.now() + 86_400_000),
    })
    .execute();
  await db
    .insertInto('stackAudits')
    .values({
      orgId,
      id: randomUUID(),
      stackId: randomUUID(),
      stackLat: 46.61,
      stackLon: -120.49,
      storage: `${label} Yard`,
      userId: owner.id,
      by: owner.email,
      startedAt: new Date('2025-06-11T09:00:00Z'),
      finishedAt: new Date('2025-06-11T09:20:00Z'),
      expectedCount: 2,
      found: JSON.stringify(['EXPORT-TAG-1']),
      missing: JSON.stringify(['EXPORT-TAG-2']),
      unexpected: JSON.stringify([]),
      moved: 0,
    })
    .execute();
  await db.insertInto('heatRiskRecipients').values({ orgId, userId: sub.id }).execute();
  await db
    .insertInto('heatRiskMails')
    .values({ orgId, day: '2025-06-10', entryCount: 2 })
    .execute();
  await db
    .insertInto('chatMessages')
    .values({ orgId, id: randomUUID(), userId: owner.id, role: 'user', text: 'Hello' })
    .execute();
  // A password-reset code (user_codes has no foreign key) and refresh tokens (by signing in).
  await db
    .insertInto('userCodes')
    .values({
      userId: sub.id,
      purpose: 'forgotPassword',
      codeHash: 'x'.repeat(64),
      expiresAt: new Date(t.ctx.now().getTime() + 3_600_000),
    })
    .execute();
  const tokens = await signIn(t, owner.email, owner.password);
  const subTokens = await signIn(t, subEmail, 'Sub-user-pass1');
  return {
    ...owner,
    sub: { id: sub.id, email: subEmail, password: 'Sub-user-pass1', tokens: subTokens },
    tokens,
    baler,
    fieldId: field.id,
    filterId: filter.id,
    /** Calls the data or user API as the owner. */
    call: (method: string, path: string, body?: unknown) =>
      apiCall(t, tokens.IdToken, method, path, body === undefined ? {} : { body }),
  };
}

/** The files of a ZIP, as text. */
export function unzipText(bytes: ArrayBuffer | Uint8Array): Record<string, string> {
  const files = unzipSync(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes));
  return Object.fromEntries(Object.entries(files).map(([name, data]) => [name, strFromU8(data)]));
}

/** The newest data-export link mailed to `email` (from the outbox). */
export async function mailedExportLink(t: TestApp, email: string): Promise<string> {
  const mail = await t.ctx.db
    .selectFrom('outbox')
    .select('text')
    .where('recipient', '=', email)
    .where('subject', 'like', '%data export%')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const link = /(http\S+\/data-exports\/\S+)/.exec(mail.text)?.[1];
  if (!link) throw new Error(`No link in: ${mail.text}`);
  return link;
}
