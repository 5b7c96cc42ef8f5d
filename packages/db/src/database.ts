import type { ColumnType, Generated, Kysely, Transaction } from 'kysely';

/** Timestamp columns: written as a Date (or ISO string), always read back as a Date. */
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type DefaultedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<
  Date | null,
  Date | string | null | undefined,
  Date | string | null
>;

export interface OrganizationsTable {
  id: string;
  name: string;
  isDemo: Generated<boolean>;
  createdAt: DefaultedTimestamp;
  rfvEnabled: Generated<boolean>;
  /** 'MetricSI' | 'ImperialUK' | 'ImperialUS' (a check constraint holds it to these). */
  measurementSystem: Generated<string>;
  /** 1 = January. */
  cropYearStartMonth: Generated<number>;
}

/** A person in the embedded user pool; `id` is the token `sub` and SRP's USER_ID_FOR_SRP. */
export interface UsersTable {
  id: string;
  orgId: string;
  email: string;
  name: string;
  /** Cognito's user status: UNCONFIRMED, CONFIRMED, FORCE_CHANGE_PASSWORD, RESET_REQUIRED. */
  status: string;
  enabled: Generated<boolean>;
  groups: Generated<string[]>;
  srpSalt: string;
  /**
   * The SRP verifier, encrypted with the server key (docs/product.md#hardening: never stored in
   * clear).
   */
  srpVerifier: string;
  createdAt: DefaultedTimestamp;
  updatedAt: DefaultedTimestamp;
}

/** One-time codes (sign-up confirmation, password reset): only a hash is kept. */
export interface UserCodesTable {
  /**
   * The user's id or, for a name no user holds, the name's stand-in id: unknown names get codes
   * that are never mailed, so they answer as known ones (docs/product.md#hardening).
   */
  userId: string;
  purpose: string;
  codeHash: string;
  attempts: Generated<number>;
  expiresAt: Timestamp;
  createdAt: DefaultedTimestamp;
}

/** Pending sign-in steps (SRP secret blocks, new-password and select-challenge sessions). */
export interface AuthChallengesTable {
  id: string;
  userId: string | null;
  kind: string;
  payload: ColumnType<Record<string, unknown>, string, string>;
  expiresAt: Timestamp;
  createdAt: DefaultedTimestamp;
}

/** A refresh-token family: its id is the `origin_jti` of every token issued from it. */
export interface RefreshTokensTable {
  id: string;
  userId: string;
  tokenHash: string;
  authTime: Timestamp;
  expiresAt: Timestamp;
  revokedAt: NullableTimestamp;
  createdAt: DefaultedTimestamp;
}

/** Failed-attempt counters per user and per client address, for throttling and lockout. */
export interface AuthThrottleTable {
  key: string;
  failures: number;
  windowStart: Timestamp;
  lockedUntil: NullableTimestamp;
}

/** Token signing keys; the private key is encrypted with the server key. */
export interface SigningKeysTable {
  kid: string;
  publicJwk: ColumnType<Record<string, unknown>, string, string>;
  privateJwk: string;
  createdAt: DefaultedTimestamp;
  retiredAt: NullableTimestamp;
}

/**
 * Every mail: queued for the mail worker to send by SMTP, or kept locally when no SMTP server is
 * configured (shown on the loopback mailbox page).
 */
export interface OutboxTable {
  id: Generated<number>;
  recipient: string;
  subject: string;
  /** The body; emptied once the mail is sent (it may hold a code or a temporary password). */
  text: string;
  createdAt: DefaultedTimestamp;
  /** See docs/operations.md#mail-outbox. */
  status: Generated<OutboxStatus>;
  /** Delivery attempts made so far. */
  attempts: Generated<number>;
  /** When a pending mail is next tried; for a mail being sent, when its worker's claim lapses. */
  nextAttemptAt: DefaultedTimestamp;
  lastError: string | null;
  sentAt: NullableTimestamp;
  /** The mail's files, in order (`mail_attachments` ids; migration 0025). */
  attachmentIds: ColumnType<string[], string[] | undefined, string[]>;
}

export type OutboxStatus = 'kept' | 'pending' | 'sending' | 'sent' | 'failed';

/** A baler owned by an organization; bales arrive with its API key (only a hash is kept). */
export interface BalersTable {
  id: string;
  orgId: string;
  vin: string;
  name: string;
  active: Generated<boolean>;
  apiKeyHash: string | null;
  createdAt: DefaultedTimestamp;
  /** Set when the owner deleted the baler; its bales stay, its VIN may be registered again. */
  deletedAt: NullableTimestamp;
  /** When the owner switched auto-renew on; null while it is off. */
  autoRenewSince: NullableTimestamp;
}

/** The embedded connectivity provider's registry: VINs it knows and their ACM subscription. */
export interface BalerRegistryTable {
  vin: string;
  registered: Generated<boolean>;
  /** The email the ACM subscription runs under (lower case). */
  acmEmail: string | null;
  acmStatus: Generated<'Active' | 'Expired' | 'Unknown'>;
  acmExpiry: NullableTimestamp;
  createdAt: DefaultedTimestamp;
}

/**
 * An email other than the account's under which the organization's balers' ACM subscriptions
 * may run (docs/product.md#balers-and-authorized-emails). Expired is not stored: a Pending row
 * whose `confirmBy` has passed.
 */
export interface AuthorizedEmailsTable {
  id: string;
  orgId: string;
  /** Lower case. */
  email: string;
  status: 'Pending' | 'Active' | 'Deleted';
  confirmBy: NullableTimestamp;
  /** Keyed hashes of the mailed link token and code; null once used. */
  tokenHash: string | null;
  codeHash: string | null;
  codeAttempts: Generated<number>;
  confirmedAt: NullableTimestamp;
  deletedAt: NullableTimestamp;
  createdAt: DefaultedTimestamp;
}

/** A month (its first day, 'YYYY-MM-DD') a credit was applied to for one baler. */
export interface BalerSubscriptionMonthsTable {
  orgId: string;
  balerId: string;
  month: ColumnType<string, string, string>;
  status: 'scheduled' | 'active';
  createdAt: DefaultedTimestamp;
  updatedAt: DefaultedTimestamp;
}

/** GeoJSON Polygon or MultiPolygon, [lon, lat] positions. */
export interface BoundaryJson {
  type: 'Polygon' | 'MultiPolygon';
  coordinates: unknown;
}

/**
 * PostgreSQL `box`: written as '(east,north),(west,south)' text, read back in the same form.
 */
type BoxColumn = ColumnType<string, string, string>;

type JsonColumn<T> = ColumnType<T, string, string>;

export interface FieldsTable {
  orgId: string;
  id: string;
  name: string;
  sizeHa: number | null;
  areaHa: number;
  boundary: JsonColumn<BoundaryJson>;
  box: BoxColumn;
  createdAt: DefaultedTimestamp;
  updatedAt: DefaultedTimestamp;
}

/** Storage areas (yards, barns): a bale whose current location lies inside one is stored. */
export interface GeofencesTable {
  orgId: string;
  id: string;
  name: string;
  kind: Generated<'storage'>;
  areaHa: number;
  boundary: JsonColumn<BoundaryJson>;
  box: BoxColumn;
  createdAt: DefaultedTimestamp;
  updatedAt: DefaultedTimestamp;
}

export interface CropsTable {
  orgId: string;
  id: string;
  name: string;
  /** The crop's own removal coefficients (0–100); null: the published value (migration 0023). */
  p2o5KgPerTonneDm: number | null;
  k2oKgPerTonneDm: number | null;
  createdAt: DefaultedTimestamp;
}

/** Dates are 'YYYY-MM-DD' strings: a cutting's days have no time zone. */
export interface CuttingsTable {
  orgId: string;
  id: string;
  name: string;
  startDate: ColumnType<string, string, string>;
  endDate: ColumnType<string, string, string>;
  cropId: string | null;
  year: number;
  createdAt: DefaultedTimestamp;
}

export interface CuttingFieldsTable {
  orgId: string;
  cuttingId: string;
  fieldId: string;
}

/** The organization's bale-write counter (see the bales migration). */
export interface BaleVersionsTable {
  orgId: string;
  version: number;
  /** Bumped by a trigger (migration 0019) on every change of the organization's fields. */
  fieldsVersion: Generated<number>;
  /** The rule the organization's bale cells were summed by; '' before the first build. */
  cellsRule: Generated<string>;
}

/**
 * An organization's bales summed per UTC day of creation, baler, field set (sorted), size,
 * retail flag, grade by each table and zoom-16 tile of the current position (migration 0020,
 * docs/adr/0029-many-farms-read-model.md). Sums and counts of the values that may be missing.
 */
export interface BaleCellsTable {
  orgId: string;
  day: ColumnType<string, string, string>;
  balerId: string;
  fieldUids: string[];
  baleSize: string;
  retail: boolean;
  /** Bales per hay grade ('legume.Supreme' … 'grass.Low', in that order), by each table. */
  gradeCounts: number[];
  cellX: number;
  cellY: number;
  count: number;
  weightKg: number;
  dryMassKg: number;
  avgMoistureSum: number;
  peakMoistureSum: number;
  peakMoistureMax: number;
  aboveSafe: number;
  rfvSum: number;
  rfvCount: number;
  adfSum: number;
  adfCount: number;
  ndfSum: number;
  ndfCount: number;
  proteinSum: number;
  proteinCount: number;
  ashSum: number;
  ashCount: number;
  sugarSum: number;
  sugarCount: number;
  latSum: number;
  lonSum: number;
}

/**
 * The bale cells of a calendar month (UTC), without field set and size, and with each cell's
 * grades picked by the table of its cutting's crop (none outside a cutting with a crop).
 */
export type BaleCellMonthsTable = Omit<BaleCellsTable, 'day' | 'fieldUids' | 'baleSize'> & {
  month: ColumnType<string, string, string>;
};

/** What a bale tile sums (migration 0029, docs/adr/0042-bale-tiles.md). */
interface BaleTileMeasures {
  orgId: string;
  retail: boolean;
  /** The zoom-19 tile of the bales' position. */
  tileX: number;
  tileY: number;
  count: number;
  weightKg: number;
  dryMassKg: number;
  avgMoistureSum: number;
  rfvSum: number;
  rfvCount: number;
  proteinSum: number;
  proteinCount: number;
  latSum: number;
  lonSum: number;
  /** Bales per hay grade, picked by the table of their cutting's crop when summed. */
  gradeCounts: number[];
}

/** An organization's bales that never moved per UTC day, baler, retail flag and zoom-19 tile. */
export interface BaleTileDaysTable extends BaleTileMeasures {
  day: ColumnType<string, string, string>;
  balerId: string;
}

/** The tile days summed over all time. */
export type BaleTileTotalsTable = BaleTileMeasures;

/** One bale (docs/product.md#bales), SI units; percentages on a dry-matter basis. */
export interface BalesTable {
  orgId: string;
  uid: string;
  balerId: string;
  balerVin: string;
  tagSerialNumber: string | null;
  creationTime: Timestamp;
  /** First day of the UTC month of creationTime, 'YYYY-MM-DD'. */
  creationMonth: ColumnType<string, string, string>;
  creationLat: number;
  creationLon: number;
  currentLat: number;
  currentLon: number;
  updateTime: NullableTimestamp;
  weightKg: number;
  dryMassKg: number;
  avgMoisture: number;
  peakMoisture: number;
  protein: number | null;
  ash: number | null;
  sugar: number | null;
  temperature: number | null;
  measurementQuality: number | null;
  baleLengthM: number | null;
  baleDiameterM: number | null;
  cutLengthMm: number | null;
  flakeCount: number | null;
  appliedPreservativeKg: number | null;
  baleSize: string;
  rfv: number | null;
  adf: number | null;
  ndf: number | null;
  loadType: string | null;
  fieldUids: ColumnType<string[], string[] | undefined, string[]>;
  bindingMode: string;
  wrapsPerBale: number | null;
  stackType: string | null;
  missingTags: boolean;
  version: number;
  createdAt: DefaultedTimestamp;
  changedAt: DefaultedTimestamp;
}

/** A saved bale filter; `definition` is the contract's FilterDefinition. */
export interface FiltersTable {
  orgId: string;
  id: string;
  name: string;
  definition: JsonColumn<Record<string, unknown>>;
  createdAt: DefaultedTimestamp;
  updatedAt: DefaultedTimestamp;
}

/** One change of a wallet's balance (migration 0008); the balance is the sum of `credits`. */
export interface CreditLedgerTable {
  id: Generated<number>;
  orgId: string;
  kind: 'purchase' | 'grant' | 'apply' | 'refund' | 'renewal';
  credits: number;
  balerId: string | null;
  /** The month's first day, 'YYYY-MM-DD'. */
  month: ColumnType<string | null, string | null | undefined, string | null>;
  actorUserId: string | null;
  actorEmail: string | null;
  note: string | null;
  stripeSessionId: string | null;
  createdAt: DefaultedTimestamp;
}

/** A Stripe Checkout Session this server opened, fulfilled once by its signed webhook. */
export interface StripeCheckoutsTable {
  sessionId: string;
  orgId: string;
  quantity: number;
  unitAmountCents: number;
  currency: string;
  percentOff: number | null;
  status: Generated<'open' | 'complete'>;
  createdBy: string;
  createdAt: DefaultedTimestamp;
  completedAt: NullableTimestamp;
}

/** The month an organization's owner was mailed that auto-renew found no credit. */
export interface RenewalNoticesTable {
  orgId: string;
  month: string;
  createdAt: DefaultedTimestamp;
}

/** A request rate limit's counter for one route and caller (migration 0010). */
export interface RateLimitsTable {
  key: string;
  count: number;
  windowStartedAt: DefaultedTimestamp;
}

/** An owner's automated report (migration 0011, docs/product.md#automated-reports). */
export interface AutomatedReportsTable {
  orgId: string;
  id: string;
  filterId: string;
  frequency: 'none' | 'nightly' | 'weekly' | 'monthly';
  /** An IANA zone; reports go out at 06:00 there. */
  timezone: string;
  units: 'Metric' | 'Imperial' | 'US';
  includeCuttingless: boolean;
  /** Also mail the yield per field CSV of the period's crop year (migration 0024). */
  includeYield: Generated<boolean>;
  recipients: string[];
  /** Only periods whose sending time is at or after this are sent. */
  scheduleFrom: DefaultedTimestamp;
  createdAt: DefaultedTimestamp;
  updatedAt: DefaultedTimestamp;
}

/** One period of an automated report; its primary key makes the period go out once. */
export interface ReportRunsTable {
  orgId: string;
  reportId: string;
  periodStart: Timestamp;
  periodEnd: Timestamp;
  status: Generated<'pending' | 'sending' | 'sent' | 'failed'>;
  attempts: Generated<number>;
  /** When a pending run is next tried; for a run being sent, when its claim lapses. */
  nextAttemptAt: Timestamp;
  lastError: string | null;
  baleCount: number | null;
  createdAt: DefaultedTimestamp;
  sentAt: NullableTimestamp;
}

/** A mail's file, shared by every recipient's copy of the mail. */
export interface MailAttachmentsTable {
  id: string;
  filename: string;
  contentType: string;
  content: Uint8Array;
  createdAt: DefaultedTimestamp;
}

/** An organization's data export (ZIP), fetched by a link's token (only its hash is kept). */
export interface DataExportsTable {
  id: string;
  /** Emptied when the organization is deleted; the file stays reachable until `expiresAt`. */
  orgId: string | null;
  orgName: string;
  requestedBy: string | null;
  email: string;
  status: Generated<'pending' | 'building' | 'ready' | 'failed'>;
  /** 0–100 while building. */
  progress: Generated<number>;
  tokenHash: string;
  filename: string;
  content: Uint8Array | null;
  sizeBytes: ColumnType<string | null, number | null | undefined, number | null>;
  attempts: Generated<number>;
  leaseUntil: NullableTimestamp;
  lastError: string | null;
  createdAt: DefaultedTimestamp;
  finishedAt: NullableTimestamp;
  expiresAt: Timestamp;
}

/** A bug report or feature request from the Feedback form. */
export interface FeedbackTable {
  orgId: string;
  id: string;
  userId: string | null;
  type: 'bug' | 'feature';
  name: string;
  email: string;
  details: string;
  createdAt: DefaultedTimestamp;
}

/** One message of a user's support-chat conversation (migration 0012), kept 30 days. */
export interface ChatMessagesTable {
  orgId: string;
  id: string;
  userId: string;
  role: 'user' | 'assistant';
  text: string;
  /** How an answer was made; null for the user's own messages. */
  mode: 'retrieval' | 'generated' | 'fallback' | null;
  /** The help articles an answer links, as JSON: `[{ slug, title, anchor? }]`. */
  links: ColumnType<ChatLink[], string | undefined, string>;
  createdAt: DefaultedTimestamp;
}

/** A help article an answer links to (`anchor` is a heading's slug within it). */
export interface ChatLink {
  slug: string;
  title: string;
  anchor?: string;
}

/** The day's heat-risk mail of an organization (migration 0013); its key sends it once a day. */
export interface HeatRiskMailsTable {
  orgId: string;
  /** The UTC calendar day, 'YYYY-MM-DD'. */
  day: string;
  entryCount: number;
  createdAt: DefaultedTimestamp;
}

/** The people, besides the owner, who get the daily heat-risk mail (migration 0016). */
export interface HeatRiskRecipientsTable {
  orgId: string;
  userId: string;
}

/** The owner's price of a hay grade from a day on (migration 0015); a change is a new row. */
export interface HayPricesTable {
  orgId: string;
  id: string;
  /** 'legume.Supreme' … 'grass.Low'. */
  grade: string;
  price: number;
  unit: 'shortTon' | 'longTon' | 'tonne';
  premiumPerRfvPoint: number | null;
  /** 'YYYY-MM-DD', inclusive. */
  effectiveFrom: ColumnType<string, string, string>;
  createdBy: string;
  createdAt: DefaultedTimestamp;
}

/** A load of hay for a buyer (migration 0026): open, ready, then shipped for good. */
export interface LoadsTable {
  orgId: string;
  id: string;
  name: string;
  buyer: string | null;
  destination: string | null;
  /** 'YYYY-MM-DD'. */
  shipDate: ColumnType<string | null, string | null, string | null>;
  vehicle: string | null;
  notes: string | null;
  minGrade: string | null;
  status: 'open' | 'ready' | 'shipped';
  createdBy: string;
  createdAt: DefaultedTimestamp;
  updatedAt: DefaultedTimestamp;
  shippedAt: Date | null;
  shippedBy: string | null;
}

/** The bales of a load, one load per bale (migration 0026). */
export interface LoadBalesTable {
  orgId: string;
  loadId: string;
  baleUid: string;
  addedAt: DefaultedTimestamp;
}

/** A buyer's read-only link to one load (migration 0026), until it expires or is revoked. */
export interface LoadLinksTable {
  orgId: string;
  id: string;
  loadId: string;
  token: string;
  showFarmName: boolean;
  createdBy: string;
  createdAt: DefaultedTimestamp;
  expiresAt: Date;
  revokedAt: Date | null;
  openCount: ColumnType<number, number | undefined, number>;
  lastOpenedAt: Date | null;
}

/** One stack audit by scanning (migration 0027), as the phone sent it and the server read it. */
export interface StackAuditsTable {
  orgId: string;
  id: string;
  stackId: string;
  stackLat: number;
  stackLon: number;
  storage: string | null;
  userId: string;
  by: string;
  startedAt: Date;
  finishedAt: Date;
  recordedAt: DefaultedTimestamp;
  expectedCount: number;
  found: JsonColumn<string[]>;
  missing: JsonColumn<string[]>;
  unexpected: JsonColumn<{ tag: string; reason: string; otherStorage: string | null }[]>;
  moved: number;
}

export interface Database {
  organizations: OrganizationsTable;
  users: UsersTable;
  userCodes: UserCodesTable;
  authChallenges: AuthChallengesTable;
  refreshTokens: RefreshTokensTable;
  authThrottle: AuthThrottleTable;
  signingKeys: SigningKeysTable;
  outbox: OutboxTable;
  balers: BalersTable;
  balerSubscriptionMonths: BalerSubscriptionMonthsTable;
  balerRegistry: BalerRegistryTable;
  authorizedEmails: AuthorizedEmailsTable;
  fields: FieldsTable;
  geofences: GeofencesTable;
  crops: CropsTable;
  cuttings: CuttingsTable;
  cuttingFields: CuttingFieldsTable;
  baleVersions: BaleVersionsTable;
  bales: BalesTable;
  baleCells: BaleCellsTable;
  baleCellMonths: BaleCellMonthsTable;
  baleTileDays: BaleTileDaysTable;
  baleTileTotals: BaleTileTotalsTable;
  filters: FiltersTable;
  creditLedger: CreditLedgerTable;
  stripeCheckouts: StripeCheckoutsTable;
  renewalNotices: RenewalNoticesTable;
  rateLimits: RateLimitsTable;
  automatedReports: AutomatedReportsTable;
  reportRuns: ReportRunsTable;
  mailAttachments: MailAttachmentsTable;
  dataExports: DataExportsTable;
  feedback: FeedbackTable;
  chatMessages: ChatMessagesTable;
  heatRiskMails: HeatRiskMailsTable;
  hayPrices: HayPricesTable;
  heatRiskRecipients: HeatRiskRecipientsTable;
  loads: LoadsTable;
  loadBales: LoadBalesTable;
  loadLinks: LoadLinksTable;
  stackAudits: StackAuditsTable;
}

/**
 * The database a repository works on: the connection or a caller's transaction, so the same
 * function runs in both. A function that needs a transaction takes `Transaction<Database>`.
 * @example export function findBaler(db: Db, orgId: string, balerId: string) { … }
 */
export type Db = Kysely<Database> | Transaction<Database>;
