/** A throwaway PostgreSQL cluster (see postgres.mjs). */
export function startThrowawayPostgres(): Promise<{ url: string; stop(): Promise<void> }>;
