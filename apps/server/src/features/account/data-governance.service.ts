import type { DataGovernance, DataKind } from '@baletrack/contracts/account/data-governance';
import { dataKinds } from '@baletrack/contracts/account/data-governance';
import { DATA_LINK_EXPIRY_DAYS } from '@baletrack/contracts/constants';
import type { AppContext, Principal } from '../../app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import { findOrganization } from '../users/users.repository.ts';
import { requireAccountDataAccess } from './data-export.service.ts';
import { countOrganizationData } from './data-governance.repository.ts';

const everyone = 'Everyone in the organization; SuperAdmins acting for it';
const untilClosed = 'Until it is deleted, or the account is closed';

/** Where each kind is kept (tables, in words), how long, who sees it: docs/product.md#account. */
const kinds: Record<
  DataKind,
  { label: string; storedIn: string; retention: string; visibleTo: string }
> = {
  people: {
    label: 'People (owner and sub-account users)',
    storedIn:
      'users (name, email, role, status; the password only as an encrypted SRP verifier); one-time codes, sign-in sessions and refresh tokens as hashes',
    retention: `${untilClosed}. Codes and sign-in sessions expire within minutes to days and are purged hourly`,
    visibleTo: 'The owner; each person sees themself; SuperAdmins',
  },
  balers: {
    label: 'Balers',
    storedIn: 'balers (name, VIN, on/off; the ingest key only as a hash)',
    retention: `${untilClosed}. A removed baler is kept, without its key, because its bales remain`,
    visibleTo: everyone,
  },
  bales: {
    label: 'Bales',
    storedIn: 'bales (every measurement, position and time), bale_versions',
    retention: untilClosed,
    visibleTo: `${everyone}; only bales of months with an active subscription are shown`,
  },
  fields: {
    label: 'Fields',
    storedIn: 'fields (name and GeoJSON boundary), cutting_fields',
    retention: untilClosed,
    visibleTo: everyone,
  },
  geofences: {
    label: 'Storage areas (geofences)',
    storedIn: 'geofences (name and GeoJSON boundary)',
    retention: untilClosed,
    visibleTo: everyone,
  },
  cuttings: {
    label: 'Cuttings',
    storedIn: 'cuttings, cutting_fields',
    retention: untilClosed,
    visibleTo: everyone,
  },
  crops: { label: 'Crops', storedIn: 'crops', retention: untilClosed, visibleTo: everyone },
  filters: {
    label: 'Saved filters',
    storedIn: 'filters',
    retention: untilClosed,
    visibleTo: everyone,
  },
  automatedReports: {
    label: 'Automated reports',
    storedIn:
      'automated_reports (filter, schedule, recipients), report_runs (each period sent), the mailed CSV in mail_attachments',
    retention: `${untilClosed}. Sent reports' mail as for mail below`,
    visibleTo: 'The owner; the recipients get the mailed CSV; SuperAdmins acting for it',
  },
  creditEntries: {
    label: 'Credit history',
    storedIn:
      'credit_ledger (purchases, grants, months applied, refunds, renewals), stripe_checkouts (card payments; card details stay with Stripe)',
    retention: untilClosed,
    visibleTo: `${everyone}; only the owner changes subscriptions`,
  },
  subscriptionMonths: {
    label: 'Subscription months',
    storedIn: 'baler_subscription_months, renewal_notices',
    retention: untilClosed,
    visibleTo: everyone,
  },
  authorizedEmails: {
    label: 'Authorized emails',
    storedIn: 'authorized_emails (the confirmation token and code only as hashes)',
    retention: `${untilClosed}. Removed ones are kept, marked Deleted`,
    visibleTo: everyone,
  },
  mail: {
    label: 'Mail to its people',
    storedIn: 'outbox (recipient, subject, body)',
    retention:
      'A body is emptied once the mail is sent; sent mail is deleted after 30 days. Without a mail server, mail stays in the local mailbox',
    visibleTo: "The recipient; the server's operator",
  },
  feedback: {
    label: 'Feedback',
    storedIn: 'feedback (type, name, email, details), also mailed to the support address',
    retention: untilClosed,
    visibleTo: "The sender; the operator's support address",
  },
  conversations: {
    label: 'Support chat messages',
    storedIn: 'chat_messages (each person’s conversation)',
    retention: 'Up to 30 days, or until the person clears it',
    visibleTo: 'The person who chatted',
  },
  dataExports: {
    label: 'Data exports',
    storedIn: 'data_exports (the ZIP file; its link’s token only as a hash)',
    retention: `${DATA_LINK_EXPIRY_DAYS} days after it is made, then the file and its row are deleted. Kept after the account is closed, so the link works for its ${DATA_LINK_EXPIRY_DAYS} days`,
    visibleTo: 'Whoever holds the mailed link, until it expires',
  },
  hayPrices: {
    label: 'Hay prices',
    storedIn:
      'hay_prices (price per grade and ton from a day on, who set it); a change is a new row',
    retention: `${untilClosed}. Earlier prices are kept, so a past value can be recomputed`,
    visibleTo: `${everyone}; the owner and managers set them`,
  },
  heatRiskMail: {
    label: 'Heat-risk mail: people chosen',
    storedIn:
      'heat_risk_recipients (the people chosen for the daily mail), heat_risk_mails (the day each mail went out and how many entries it listed)',
    retention: untilClosed,
    visibleTo: 'The owner; the chosen people get the mail',
  },
};

/**
 * GET /reports/data-governance: what is stored about the organization — how much of each kind,
 * where, how long, who sees it — for the owner (or a SuperAdmin acting for the organization).
 */
export async function dataGovernance(
  ctx: AppContext,
  principal: Principal,
): Promise<DataGovernance> {
  requireAccountDataAccess(principal);
  const [organization, counts] = await Promise.all([
    findOrganization(ctx.db, principal.orgId),
    countOrganizationData(ctx.db, principal.orgId),
  ]);
  if (!organization) throw new AppError('NOT_FOUND', 'This organization does not exist.');
  const database =
    'url' in ctx.config.database
      ? "one PostgreSQL database, run by this installation's operator"
      : "one embedded PostgreSQL database (PGlite) in this server's data directory";
  return {
    organizationName: organization.name,
    generatedAt: ctx.now().toISOString(),
    database,
    kinds: dataKinds.map((kind) => ({ kind, count: counts[kind], ...kinds[kind] })),
    notes: [
      'Every row carries the organization’s id; no other organization’s people can read it.',
      'Nothing is sold or shared. Mail goes out through the configured mail server; card payments through Stripe; error reports, when the operator configures them, through Sentry.',
      `Closing the account deletes all of it at once, after mailing a data export whose link works for ${DATA_LINK_EXPIRY_DAYS} days.`,
      'Backups of the database, if any, are the operator’s and follow their own schedule.',
    ],
  };
}
