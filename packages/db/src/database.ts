import type { ColumnType, Generated } from 'kysely';

/** A timestamp column: written as a Date (or ISO string), always read back as a Date. */
type Timestamp = ColumnType<Date, Date | string, Date | string>;

export interface OrganizationsTable {
  id: string;
  name: string;
  isDemo: Generated<boolean>;
  createdAt: Generated<Timestamp>;
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
  createdAt: Generated<Timestamp>;
  updatedAt: Generated<Timestamp>;
}

/** One-time codes (sign-up confirmation, password reset): only a hash is kept. */
export interface UserCodesTable {
  userId: string;
  purpose: string;
  codeHash: string;
  attempts: Generated<number>;
  expiresAt: Timestamp;
  createdAt: Generated<Timestamp>;
}

/** Pending sign-in steps (SRP secret blocks, new-password and select-challenge sessions). */
export interface AuthChallengesTable {
  id: string;
  userId: string | null;
  kind: string;
  payload: ColumnType<Record<string, unknown>, string, string>;
  expiresAt: Timestamp;
  createdAt: Generated<Timestamp>;
}

/** A refresh-token family: its id is the `origin_jti` of every token issued from it. */
export interface RefreshTokensTable {
  id: string;
  userId: string;
  tokenHash: string;
  authTime: Timestamp;
  expiresAt: Timestamp;
  revokedAt: Timestamp | null;
  createdAt: Generated<Timestamp>;
}

/** Failed-attempt counters per user and per client address, for throttling and lockout. */
export interface AuthThrottleTable {
  key: string;
  failures: number;
  windowStart: Timestamp;
  lockedUntil: Timestamp | null;
}

/** Token signing keys; the private key is encrypted with the server key. */
export interface SigningKeysTable {
  kid: string;
  publicJwk: ColumnType<Record<string, unknown>, string, string>;
  privateJwk: string;
  createdAt: Generated<Timestamp>;
  retiredAt: Timestamp | null;
}

/** Mail kept locally when no SMTP server is configured (shown on the loopback mailbox page). */
export interface OutboxTable {
  id: Generated<number>;
  recipient: string;
  subject: string;
  text: string;
  createdAt: Generated<Timestamp>;
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
