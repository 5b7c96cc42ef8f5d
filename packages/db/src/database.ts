import type { ColumnType, Generated } from 'kysely';

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
  /** The SRP verifier, encrypted with the server key (identity.md: never stored in clear). */
  srpVerifier: string;
  createdAt: DefaultedTimestamp;
  updatedAt: DefaultedTimestamp;
}

/** One-time codes (sign-up confirmation, password reset): only a hash is kept. */
export interface UserCodesTable {
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

/** Mail kept locally when no SMTP server is configured (shown on the loopback mailbox page). */
export interface OutboxTable {
  id: Generated<number>;
  recipient: string;
  subject: string;
  text: string;
  createdAt: DefaultedTimestamp;
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
}
