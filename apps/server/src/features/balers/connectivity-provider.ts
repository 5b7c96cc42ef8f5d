import type { AcmStatus } from '@baletrack/contracts/balers/baler';
import type { Database } from '@baletrack/db/database';
import type { Kysely } from 'kysely';
import { findRegistryEntry } from './baler-registry.repository.ts';

/** What the equipment connectivity provider says about one VIN. */
export interface ConnectivityRecord {
  /** Whether the baler is registered with the provider at all. */
  registered: boolean;
  /** The email its ACM subscription runs under (lower case). */
  acmEmail?: string;
  acmStatus: AcmStatus;
  /** ISO date-time the ACM subscription ends. */
  acmExpiry?: string;
}

/**
 * The seam between baler registration and the equipment connectivity provider: a real provider
 * feed implements this; the embedded default reads the local registry table.
 */
export interface ConnectivityProvider {
  /** null when the provider does not know the VIN. */
  lookup(vin: string): Promise<ConnectivityRecord | null>;
}

/**
 * The embedded provider: the `baler_registry` table (seeded with the demo's VINs).
 * @example const record = await localRegistryProvider(db).lookup('BT34LSX7R2H104872');
 */
export function localRegistryProvider(db: Kysely<Database>): ConnectivityProvider {
  return {
    async lookup(vin) {
      const entry = await findRegistryEntry(db, vin);
      if (!entry) return null;
      return {
        registered: entry.registered,
        acmStatus: entry.acmStatus,
        ...(entry.acmEmail ? { acmEmail: entry.acmEmail } : {}),
        ...(entry.acmExpiry ? { acmExpiry: new Date(entry.acmExpiry).toISOString() } : {}),
      };
    },
  };
}
