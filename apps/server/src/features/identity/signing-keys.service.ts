import type { Database } from '@baletrack/db/database';
import {
  type CryptoKey,
  calculateJwkThumbprint,
  exportJWK,
  generateKeyPair,
  importJWK,
  type JWK,
  type JWTPayload,
} from 'jose';
import type { Kysely } from 'kysely';
import type { SecretBox } from '../../lib/secret-box.ts';
import { insertKey, listActiveKeys, retireKey } from './signing-keys.repository.ts';

const ALG = 'RS256';
// Another process may rotate or retire a key; re-reading once a minute picks that up.
const CACHE_MS = 60_000;
// An unknown kid re-reads the keys at most this often, so forged kids cannot flood the database.
const RELOAD_ON_MISS_MS = 5_000;
// Tokens remembered as verified (about 1 KiB each); forgotten all at once when full.
const MAX_VERIFIED = 10_000;

/** What the keys need: they are built by createAppContext, before any context exists. */
export interface SigningKeysDeps {
  db: Kysely<Database>;
  secrets: SecretBox;
  now: () => Date;
}

/** A token whose signature and claims a key verified, for one use ('id' or 'access'). */
interface Verified {
  use: string;
  kid: string;
  key: CryptoKey;
  claims: JWTPayload;
}

interface KeyState {
  loadedAt: number;
  publicJwks: JWK[];
  verifiers: Map<string, CryptoKey>;
  signer: { kid: string; key: CryptoKey } | null;
  loading: Promise<void> | null;
  creating: Promise<void> | null;
}

/**
 * RS256 token signing keys: created on first use, private halves sealed with the server key,
 * rotatable. The newest active key signs; every active key is published in the JWKS and
 * verifies, so tokens signed before a rotation stay valid until the old key is retired.
 */
export class SigningKeys {
  readonly #state: KeyState = {
    loadedAt: -Infinity,
    publicJwks: [],
    verifiers: new Map(),
    signer: null,
    loading: null,
    creating: null,
  };
  /**
   * Tokens verified under the keys as loaded now: the same bytes under the same key verify the
   * same, so a signed-in client's next calls skip RSA (about 0.4 ms each). Emptied when the keys
   * are read again (each minute), so a key retired by another process ends them as before.
   */
  readonly #verified = new Map<string, Verified>();

  constructor(private readonly ctx: SigningKeysDeps) {}

  async signingKey(): Promise<{ kid: string; key: CryptoKey }> {
    await this.#fresh();
    if (!this.#state.signer) {
      // First use: concurrent sign-ins in this process share one new key.
      this.#state.creating ??= this.#createKey()
        .then(() => this.#reload())
        .finally(() => {
          this.#state.creating = null;
        });
      await this.#state.creating;
    }
    if (!this.#state.signer) throw new Error('No token signing key could be loaded.');
    return this.#state.signer;
  }

  async jwks(): Promise<{ keys: JWK[] }> {
    await this.signingKey();
    return { keys: this.#state.publicJwks };
  }

  /** The public key for a token's kid; null for unknown or retired keys. */
  async verificationKey(kid: string | undefined): Promise<CryptoKey | null> {
    if (!kid) return null;
    await this.#fresh();
    const known = this.#state.verifiers.get(kid);
    if (known || this.ctx.now().getTime() - this.#state.loadedAt < RELOAD_ON_MISS_MS) {
      return known ?? null;
    }
    await this.#reload();
    return this.#state.verifiers.get(kid) ?? null;
  }

  /**
   * The claims of a token verified for `use` under a key still loaded and not expired at
   * `nowSeconds` (with `toleranceSeconds`, as it was verified); undefined otherwise.
   */
  verifiedBefore(
    token: string,
    use: string,
    nowSeconds: number,
    toleranceSeconds: number,
  ): JWTPayload | undefined {
    const found = this.#verified.get(token);
    if (!found || found.use !== use) return undefined;
    if (this.ctx.now().getTime() - this.#state.loadedAt >= CACHE_MS) return undefined;
    if (this.#state.verifiers.get(found.kid) !== found.key) return undefined;
    const { exp } = found.claims;
    if (exp === undefined || exp <= nowSeconds - toleranceSeconds) return undefined;
    return found.claims;
  }

  /** Remembers a token `verificationKey(kid)` verified for `use`, with its claims. */
  rememberVerified(token: string, verified: Verified): void {
    if (this.#verified.size >= MAX_VERIFIED) this.#verified.clear();
    this.#verified.set(token, verified);
  }

  /** Makes a new key the signing key; earlier keys stay published until retired. */
  async rotate(): Promise<string> {
    const kid = await this.#createKey();
    await this.#reload();
    return kid;
  }

  /** Stops publishing a key: tokens it signed are refused from then on. */
  async retire(kid: string): Promise<void> {
    await retireKey(this.ctx.db, kid, this.ctx.now());
    await this.#reload();
  }

  async #fresh(): Promise<void> {
    if (this.ctx.now().getTime() - this.#state.loadedAt >= CACHE_MS) await this.#reload();
  }

  async #reload(): Promise<void> {
    // Concurrent callers share one read.
    this.#state.loading ??= this.#load().finally(() => {
      this.#state.loading = null;
    });
    await this.#state.loading;
  }

  async #load(): Promise<void> {
    const rows = await listActiveKeys(this.ctx.db);
    const verifiers = new Map<string, CryptoKey>();
    const publicJwks: JWK[] = [];
    for (const row of rows) {
      const jwk = row.publicJwk as JWK;
      publicJwks.push(jwk);
      verifiers.set(row.kid, (await importJWK(jwk, ALG)) as CryptoKey);
    }
    let signer: KeyState['signer'] = null;
    const newest = rows[0];
    if (newest) {
      const opened = this.ctx.secrets.open('token-signing-key', newest.privateJwk);
      if (!opened)
        throw new Error(`Signing key ${newest.kid} cannot be opened with this server key.`);
      signer = {
        kid: newest.kid,
        key: (await importJWK(JSON.parse(opened) as JWK, ALG)) as CryptoKey,
      };
    }
    this.#verified.clear();
    Object.assign(this.#state, {
      loadedAt: this.ctx.now().getTime(),
      publicJwks,
      verifiers,
      signer,
    });
  }

  async #createKey(): Promise<string> {
    const { publicKey, privateKey } = await generateKeyPair(ALG, {
      extractable: true,
      modulusLength: 2048,
    });
    const publicJwk = await exportJWK(publicKey);
    const kid = await calculateJwkThumbprint(publicJwk);
    const privateJwk = await exportJWK(privateKey);
    await insertKey(this.ctx.db, {
      kid,
      publicJwk: { ...publicJwk, kid, alg: ALG, use: 'sig' },
      privateJwk: this.ctx.secrets.seal(
        'token-signing-key',
        JSON.stringify({ ...privateJwk, kid, alg: ALG }),
      ),
    });
    return kid;
  }
}
