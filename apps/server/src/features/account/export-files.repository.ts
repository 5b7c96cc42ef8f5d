import type { Db } from '@baletrack/db/database';
import { sql } from 'kysely';
import { lockedBales, visibleBales } from '../bales/bales.repository.ts';

/*
 * What a data export holds besides the bales (docs/product.md#account): every table of the
 * organization, read whole, secrets left out (no password verifiers, codes, token or key hashes).
 * Each is small next to the bales, which are read in pages by the reports' query.
 */

/** The organization and its settings. */
export function readOrganization(db: Db, orgId: string) {
  return db
    .selectFrom('organizations')
    .select(['id', 'name', 'createdAt', 'rfvEnabled', 'measurementSystem', 'cropYearStartMonth'])
    .where('id', '=', orgId)
    .executeTakeFirst();
}

/** Its people, without their password verifiers, codes or tokens. */
export function readPeople(db: Db, orgId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'name', 'status', 'enabled', 'groups', 'createdAt', 'updatedAt'])
    .where('orgId', '=', orgId)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
}

/** Its balers, deleted ones too (their bales remain), without their ingest key hashes. */
export function readBalers(db: Db, orgId: string) {
  return db
    .selectFrom('balers')
    .select(['id', 'vin', 'name', 'active', 'autoRenewSince', 'createdAt', 'deletedAt'])
    .where('orgId', '=', orgId)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
}

/** Field boundaries (GeoJSON) with their names and areas. */
export function readFields(db: Db, orgId: string) {
  return db
    .selectFrom('fields')
    .select(['id', 'name', 'sizeHa', 'areaHa', 'boundary', 'createdAt', 'updatedAt'])
    .where('orgId', '=', orgId)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

/** Storage areas (geofences). */
export function readGeofences(db: Db, orgId: string) {
  return db
    .selectFrom('geofences')
    .select(['id', 'name', 'kind', 'areaHa', 'boundary', 'createdAt', 'updatedAt'])
    .where('orgId', '=', orgId)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

export function readCrops(db: Db, orgId: string) {
  return db
    .selectFrom('crops')
    .select(['id', 'name', 'p2o5KgPerTonneDm', 'k2oKgPerTonneDm', 'createdAt'])
    .where('orgId', '=', orgId)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

/** Cuttings with the ids of their fields. */
export function readCuttings(db: Db, orgId: string) {
  return db
    .selectFrom('cuttings')
    .select(['id', 'name', 'year', 'startDate', 'endDate', 'cropId', 'createdAt'])
    .select((eb) =>
      eb
        .selectFrom('cuttingFields')
        .select(
          sql<
            string[]
          >`coalesce(array_agg(cutting_fields.field_id order by cutting_fields.field_id), '{}')`.as(
            'ids',
          ),
        )
        .whereRef('cuttingFields.orgId', '=', 'cuttings.orgId')
        .whereRef('cuttingFields.cuttingId', '=', 'cuttings.id')
        .as('fieldIds'),
    )
    .where('orgId', '=', orgId)
    .orderBy('startDate')
    .orderBy('id')
    .execute();
}

export function readFilters(db: Db, orgId: string) {
  return db
    .selectFrom('filters')
    .select(['id', 'name', 'definition', 'createdAt', 'updatedAt'])
    .where('orgId', '=', orgId)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

export function readAutomatedReports(db: Db, orgId: string) {
  return db
    .selectFrom('automatedReports')
    .select([
      'id',
      'filterId',
      'frequency',
      'timezone',
      'units',
      'includeCuttingless',
      'includeYield',
      'recipients',
      'createdAt',
      'updatedAt',
    ])
    .where('orgId', '=', orgId)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
}

/** Each baler's subscription months. */
export function readSubscriptionMonths(db: Db, orgId: string) {
  return db
    .selectFrom('balerSubscriptionMonths')
    .select(['balerId', 'month', 'status', 'createdAt', 'updatedAt'])
    .where('orgId', '=', orgId)
    .orderBy('balerId')
    .orderBy('month')
    .execute();
}

/** The credit ledger, oldest first. */
export function readCreditLedger(db: Db, orgId: string) {
  return db
    .selectFrom('creditLedger')
    .select([
      'id',
      'kind',
      'credits',
      'balerId',
      'month',
      'actorEmail',
      'note',
      'stripeSessionId',
      'createdAt',
    ])
    .where('orgId', '=', orgId)
    .orderBy('id')
    .execute();
}

/** Card payments (Stripe Checkout sessions) and what they bought. */
export function readPayments(db: Db, orgId: string) {
  return db
    .selectFrom('stripeCheckouts')
    .select([
      'sessionId',
      'quantity',
      'unitAmountCents',
      'currency',
      'percentOff',
      'status',
      'createdAt',
      'completedAt',
    ])
    .where('orgId', '=', orgId)
    .orderBy('createdAt')
    .execute();
}

/** Authorized emails, without their confirmation token and code hashes. */
export function readAuthorizedEmails(db: Db, orgId: string) {
  return db
    .selectFrom('authorizedEmails')
    .select(['id', 'email', 'status', 'confirmBy', 'confirmedAt', 'deletedAt', 'createdAt'])
    .where('orgId', '=', orgId)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
}

export function readFeedback(db: Db, orgId: string) {
  return db
    .selectFrom('feedback')
    .select(['id', 'userId', 'type', 'name', 'email', 'details', 'createdAt'])
    .where('orgId', '=', orgId)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
}

/** The support chat's conversations (each user's, kept 30 days). */
export function readConversations(db: Db, orgId: string) {
  return db
    .selectFrom('chatMessages')
    .select(['id', 'userId', 'role', 'text', 'createdAt'])
    .where('orgId', '=', orgId)
    .orderBy('userId')
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
}

/** How many bales the export's CSV holds (visible ones) and leaves out (locked), for progress. */
export async function countBales(db: Db, orgId: string) {
  const [visible, locked] = await Promise.all([
    visibleBales(db, orgId)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
    lockedBales(db, orgId)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { visible: Number(visible.n), locked: Number(locked.n) };
}

/** Hay prices per grade, every change (docs/product.md#beyond-the-spec-quality-and-value). */
export function readHayPrices(db: Db, orgId: string) {
  return db
    .selectFrom('hayPrices')
    .select([
      'id',
      'grade',
      'price',
      'unit',
      'premiumPerRfvPoint',
      'effectiveFrom',
      'createdBy',
      'createdAt',
    ])
    .where('orgId', '=', orgId)
    .orderBy('effectiveFrom')
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
}

/** Who gets the daily heat-risk mail besides the owner, and the days it went out. */
export async function readHeatRiskMail(db: Db, orgId: string) {
  const [recipients, mails] = await Promise.all([
    db
      .selectFrom('heatRiskRecipients')
      .select('userId')
      .where('orgId', '=', orgId)
      .orderBy('userId')
      .execute(),
    db
      .selectFrom('heatRiskMails')
      .select(['day', 'entryCount', 'createdAt'])
      .where('orgId', '=', orgId)
      .orderBy('day')
      .execute(),
  ]);
  return { recipientUserIds: recipients.map((r) => r.userId), mails };
}

/** Loads with their bales' uids and their buyers' links, without the links' secrets. */
export async function readLoads(db: Db, orgId: string) {
  const [loads, bales, links] = await Promise.all([
    db
      .selectFrom('loads')
      .select([
        'id',
        'name',
        'buyer',
        'destination',
        'shipDate',
        'vehicle',
        'notes',
        'minGrade',
        'status',
        'createdBy',
        'createdAt',
        'shippedAt',
        'shippedBy',
      ])
      .where('orgId', '=', orgId)
      .orderBy('createdAt')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('loadBales')
      .select(['loadId', 'baleUid'])
      .where('orgId', '=', orgId)
      .orderBy('baleUid')
      .execute(),
    db
      .selectFrom('loadLinks')
      .select([
        'id',
        'loadId',
        'showFarmName',
        'createdBy',
        'createdAt',
        'expiresAt',
        'revokedAt',
        'openCount',
        'lastOpenedAt',
      ])
      .where('orgId', '=', orgId)
      .orderBy('createdAt')
      .orderBy('id')
      .execute(),
  ]);
  return loads.map((load) => ({
    ...load,
    baleUids: bales.filter((b) => b.loadId === load.id).map((b) => b.baleUid),
    links: links.filter((l) => l.loadId === load.id).map(({ loadId: _, ...link }) => link),
  }));
}

/** Stack audits by scanning, oldest first. */
export function readStackAudits(db: Db, orgId: string) {
  return db
    .selectFrom('stackAudits')
    .select([
      'id',
      'stackId',
      'stackLat',
      'stackLon',
      'storage',
      'userId',
      'by',
      'startedAt',
      'finishedAt',
      'recordedAt',
      'expectedCount',
      'found',
      'missing',
      'unexpected',
      'moved',
    ])
    .where('orgId', '=', orgId)
    .orderBy('finishedAt')
    .orderBy('id')
    .execute();
}
