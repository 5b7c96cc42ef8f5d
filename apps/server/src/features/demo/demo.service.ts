import { randomUUID } from 'node:crypto';
import { addMonths, monthOf } from '@baletrack/domain/subscriptions/month';
import type { AppContext } from '../../app-context.ts';
import { insertRegistryEntries } from '../balers/baler-registry.repository.ts';
import { createBaler } from '../balers/balers.service.ts';
import { insertCrops } from '../crops/crops.repository.ts';
import { insertCuttings } from '../cuttings/cuttings.repository.ts';
import { insertFields } from '../fields/fields.repository.ts';
import { insertGeofences } from '../geofences/geofences.repository.ts';
import { createPoolUser } from '../identity/user-pool.service.ts';
import { ingestBales } from '../ingest/ingest.service.ts';
import { addLedgerEntries } from '../subscriptions/credit-ledger.repository.ts';
import { setAutoRenew } from '../subscriptions/renewals.repository.ts';
import { insertSubscriptionMonths } from '../subscriptions/subscription-months.repository.ts';
import { insertOrganization } from '../users/users.repository.ts';
import {
  deleteDemoOrganization,
  findDemoOrganization,
  hasAnyOrganization,
} from './demo.repository.ts';
import { writeDemoBalerKey } from './demo-baler-key.ts';
import { generateDemoFarm } from './farm/demo-farm.ts';
import type { DemoFarm } from './farm/demo-farm-model.ts';

/** The demo farm's owner; README and the start-up log show these so a new user can look around. */
export const demoOwner = {
  email: 'demo@baletrack.local',
  password: 'Baletrack-demo1',
  organizationName: 'Yakima Valley Hay (demo)',
} as const;

/**
 * VINs the embedded connectivity provider knows under the demo owner's email but no account has
 * registered, so a visitor can try registering a baler (README, demo farm).
 */
export const demoUnregisteredVins = [
  'BT34LSX7R2H104901',
  'BT5FRND9M1K207402',
  'BT44LSX3P5J318803',
] as const;

// Ingest's own limit per request; one transaction per batch keeps each write bounded.
const BALES_PER_BATCH = 5_000;

/**
 * Seeds the demo organization into an empty database: its owner, then the generated farm
 * (fields, crops, cuttings, yard, balers, subscription months) and about 20,000 bales through
 * ingest's bulk path. A database that already holds any organization is left alone, so a real
 * deployment is never touched. The demo baler's ingest key is written to the data directory for
 * `npm run simulate`. A run that fails part-way removes the half-seeded organization.
 * @returns 'created', 'exists' (seeded earlier) or 'skipped' (not a demo database)
 */
export async function seedDemo(ctx: AppContext): Promise<'created' | 'exists' | 'skipped'> {
  if (await findDemoOrganization(ctx.db)) return 'exists';
  if (await hasAnyOrganization(ctx.db)) return 'skipped';
  const farm = generateDemoFarm({ now: ctx.now() });
  const orgId = randomUUID();
  await ctx.db.transaction().execute(async (trx) => {
    await insertOrganization(trx, { id: orgId, name: demoOwner.organizationName, isDemo: true });
    await createPoolUser(
      ctx,
      {
        orgId,
        email: demoOwner.email,
        name: 'Demo Owner',
        password: demoOwner.password,
        groups: ['AccountsOwner'],
        status: 'CONFIRMED',
      },
      trx,
    );
  });
  // The connectivity provider's side: the demo balers and a few more, ACM under the demo owner.
  await insertRegistryEntries(
    ctx.db,
    [...farm.balers.map((b) => b.vin), ...demoUnregisteredVins].map((vin) => ({
      vin,
      acmEmail: demoOwner.email,
      acmExpiry: `${ctx.now().getUTCFullYear() + 1}-12-31T23:59:59Z`,
    })),
  );
  try {
    const apiKey = await storeDemoFarm(ctx, orgId, farm);
    writeDemoBalerKey(ctx.config.dataDir, apiKey);
  } catch (error) {
    await deleteDemoOrganization(ctx.db, orgId);
    throw error;
  }
  return 'created';
}

/**
 * Stores a generated farm in an organization: its layout in one transaction, the balers through
 * `createBaler` (which issues their keys), then the bales baler by baler in ingest batches.
 * @returns the ingest key of the first (large-square) baler, the one the simulator drives
 */
export async function storeDemoFarm(
  ctx: AppContext,
  orgId: string,
  farm: DemoFarm,
): Promise<string> {
  await ctx.db.transaction().execute(async (trx) => {
    await insertCrops(trx, orgId, farm.crops);
    await insertFields(trx, orgId, farm.fields);
    await insertGeofences(trx, orgId, farm.geofences);
    await insertCuttings(trx, orgId, farm.cuttings);
  });

  const balerIds = new Map<string, string>();
  const keys: string[] = [];
  for (const baler of farm.balers) {
    const created = await createBaler(ctx, orgId, { vin: baler.vin, name: baler.name });
    balerIds.set(baler.id, created.baler.id);
    keys.push(created.apiKey);
  }
  const stored = (demoId: string) => balerIds.get(demoId) ?? demoId;
  await insertSubscriptionMonths(
    ctx.db,
    orgId,
    farm.subscriptionMonths.map((m) => ({ ...m, balerId: stored(m.balerId) })),
  );
  await fundDemoWallet(ctx, orgId, [...balerIds.values()]);

  for (const baler of farm.balers) {
    const records = farm.bales.filter((b) => b.balerId === baler.id).map((b) => b.record);
    for (let start = 0; start < records.length; start += BALES_PER_BATCH) {
      const result = await ingestBales(
        ctx,
        { id: stored(baler.id), orgId, vin: baler.vin },
        records.slice(start, start + BALES_PER_BATCH),
      );
      if (result.rejected.length > 0) {
        const [first] = result.rejected;
        throw new Error(
          `The demo farm made ${result.rejected.length} bales ingest refuses, e.g. ${first?.reason}`,
        );
      }
    }
  }
  const [squareBalerKey] = keys;
  if (!squareBalerKey) throw new Error('The demo farm has no baler.');
  return squareBalerKey;
}

/** Credits left in the demo wallet once the rest of the year is applied: enough to try buying none. */
const DEMO_SPARE_CREDITS = 12;

/** Months applied ahead at least, so even a demo seeded in December has some scheduled. */
const DEMO_MONTHS_AHEAD = 3;

/**
 * The demo never locks by itself: its wallet is granted credits, the rest of the current year
 * (and at least the next three months) is applied to every baler (scheduled months, debited in
 * the ledger like an owner's), and auto-renew carries on after.
 */
async function fundDemoWallet(ctx: AppContext, orgId: string, balerIds: string[]): Promise<void> {
  const now = ctx.now();
  const current = monthOf(now);
  const later: string[] = [];
  for (
    let month = addMonths(current, 1);
    month.slice(0, 4) === current.slice(0, 4) || later.length < DEMO_MONTHS_AHEAD;
    month = addMonths(month, 1)
  ) {
    later.push(month);
  }
  const applied = balerIds.flatMap((balerId) =>
    later.map((month) => ({ balerId, month: `${month}-01` })),
  );
  await ctx.db.transaction().execute(async (trx) => {
    await insertSubscriptionMonths(
      trx,
      orgId,
      applied.map((a) => ({ ...a, status: 'scheduled' as const })),
    );
    await addLedgerEntries(trx, orgId, [
      { kind: 'grant', count: applied.length + DEMO_SPARE_CREDITS, note: 'Demo farm credits' },
      ...applied.map((a) => ({
        kind: 'apply' as const,
        ...a,
        actorEmail: demoOwner.email,
      })),
    ]);
    for (const balerId of balerIds) await setAutoRenew(trx, orgId, balerId, now);
  });
}
