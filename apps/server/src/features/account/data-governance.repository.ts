import type { DataKind } from '@baletrack/contracts/account/data-governance';
import type { Database } from '@baletrack/db/database';
import type { Kysely } from 'kysely';

/**
 * How many rows of each kind the organization has, in one statement of counted subqueries (each
 * served by an index leading with org_id). Mail counts the outbox's mail to its people.
 */
export async function countOrganizationData(
  db: Kysely<Database>,
  orgId: string,
): Promise<Record<DataKind, number>> {
  const row = await db
    .selectNoFrom((eb) => {
      const count = (table: Exclude<keyof Database, 'outbox'>, alias: DataKind) =>
        eb
          .selectFrom(table)
          .select((c) => c.fn.countAll<string>().as('n'))
          .where('orgId' as never, '=', orgId as never)
          .$castTo<{ n: string }>()
          .as(alias);
      return [
        count('users', 'people'),
        count('balers', 'balers'),
        count('bales', 'bales'),
        count('fields', 'fields'),
        count('geofences', 'geofences'),
        count('cuttings', 'cuttings'),
        count('crops', 'crops'),
        count('filters', 'filters'),
        count('automatedReports', 'automatedReports'),
        count('creditLedger', 'creditEntries'),
        count('balerSubscriptionMonths', 'subscriptionMonths'),
        count('authorizedEmails', 'authorizedEmails'),
        count('feedback', 'feedback'),
        count('chatMessages', 'conversations'),
        count('dataExports', 'dataExports'),
        count('hayPrices', 'hayPrices'),
        count('loads', 'loads'),
        count('stackAudits', 'stackAudits'),
        count('heatRiskRecipients', 'heatRiskMail'),
        eb
          .selectFrom('outbox')
          .select((c) => c.fn.countAll<string>().as('n'))
          .where('recipient', 'in', (s) =>
            s.selectFrom('users').select('email').where('orgId', '=', orgId),
          )
          .as('mail'),
      ];
    })
    .executeTakeFirstOrThrow();
  return Object.fromEntries(Object.entries(row).map(([kind, n]) => [kind, Number(n)])) as Record<
    DataKind,
    number
  >;
}
