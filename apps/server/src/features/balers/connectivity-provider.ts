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
  /**
   * 'registry': the operator's registry vouches for VINs and the email their ACM runs under.
   * 'vin-check': a farm's own server; any well-formed VIN may be registered, unchecked.
   */
  kind: 'registry' | 'vin-check';
  /** null when the provider does not know the VIN. */
  lookup(vin: string): Promise<ConnectivityRecord | null>;
}

/**
 * The embedded provider: the `baler_registry` table (seeded with the demo's VINs).
 * @example const record = await localRegistryProvider(db).lookup('BT34LSX7R2H104872');
 */
export function localRegistryProvider(db: Kysely<Database>): ConnectivityProvider {
  return {
    kind: 'registry',
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

/**
 * The provider of a server that runs its own farm (BALER_PROVIDER=vin-check): no one to ask, so
 * every VIN is taken as registered, its ACM status 'NotChecked'; registration checks the VIN's
 * form (ISO 3779) instead.
 * @example await vinCheckProvider().lookup('1M8GDM9AXKP042788') // { registered: true, acmStatus: 'NotChecked' }
 */
export function vinCheckProvider(): ConnectivityProvider {
  return {
    kind: 'vin-check',
    lookup: async () => ({ registered: true, acmStatus: 'NotChecked' }),
  };
}
