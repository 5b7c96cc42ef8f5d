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

/**
 * What each kind holds and why, in a grower's words; how long; who sees it. The tables behind
 * each kind are listed in docs/product.md#account.
 */
const kinds: Record<
  DataKind,
  { label: string; whatIsKept: string; retention: string; visibleTo: string }
> = {
  people: {
    label: 'People (owner and sub-account users)',
    whatIsKept:
      'Each person’s name, email, role and whether they can sign in; your password, stored so that nobody — us included — can read it; sign-in codes and sessions, stored scrambled so that a copy of them would not let anyone in',
    retention: `${untilClosed}. Codes and sign-in sessions expire within minutes to days and are purged hourly`,
    visibleTo: 'The owner; each person sees themself; SuperAdmins',
  },
  balers: {
    label: 'Balers',
    whatIsKept:
      'Each baler’s name, VIN and whether it is on, so its bales reach your map; its ingest key, stored so that nobody can read it back',
    retention: `${untilClosed}. A removed baler is kept, without its key, because its bales remain`,
    visibleTo: everyone,
  },
  bales: {
    label: 'Bales',
    whatIsKept:
      'Every measurement, position and time each bale reported, and every earlier version of each bale’s record, so changes can be traced',
    retention: untilClosed,
    visibleTo: `${everyone}; only bales of months with an active subscription are shown`,
  },
  fields: {
    label: 'Fields',
    whatIsKept:
      'Each field’s name and boundary, and the cuttings it was in, to place bales in fields',
    retention: untilClosed,
    visibleTo: everyone,
  },
  geofences: {
    label: 'Storage areas (geofences)',
    whatIsKept: 'Each storage area’s name and boundary, to show which bales are stored there',
    retention: untilClosed,
    visibleTo: everyone,
  },
  cuttings: {
    label: 'Cuttings',
    whatIsKept: 'Each cutting and the fields it covered, to group bales by cutting',
    retention: untilClosed,
    visibleTo: everyone,
  },
  crops: {
    label: 'Crops',
    whatIsKept: 'The crops you named, so each cutting is graded for its crop',
    retention: untilClosed,
    visibleTo: everyone,
  },
  filters: {
    label: 'Saved filters',
    whatIsKept: 'Your saved filters, to apply them again',
    retention: untilClosed,
    visibleTo: everyone,
  },
  automatedReports: {
    label: 'Automated reports',
    whatIsKept:
      'Each report’s filter, schedule and recipients; each period sent, so none goes out twice; the CSV file that was mailed',
    retention: `${untilClosed}. Sent reports' mail as for mail below`,
    visibleTo: 'The owner; the recipients get the mailed CSV; SuperAdmins acting for it',
  },
  creditEntries: {
    label: 'Credit history',
    whatIsKept:
      'Every credit purchase, grant, month applied, refund and renewal, so your balance adds up; card payments, whose card details stay with Stripe and never reach us',
    retention: untilClosed,
    visibleTo: `${everyone}; only the owner changes subscriptions`,
  },
  subscriptionMonths: {
    label: 'Subscription months',
    whatIsKept:
      'The months each baler is subscribed for, to show its bales of those months, and the renewal reminders sent',
    retention: untilClosed,
    visibleTo: everyone,
  },
  authorizedEmails: {
    label: 'Authorized emails',
    whatIsKept:
      'Each authorized address; its confirmation link and code, stored so that nobody can read them back',
    retention: `${untilClosed}. Removed ones are kept, marked Deleted`,
    visibleTo: everyone,
  },
  mail: {
    label: 'Mail to its people',
    whatIsKept: 'Each mail’s recipient, subject and text, to send it',
    retention:
      'A body is emptied once the mail is sent; sent mail is deleted after 30 days. Without a mail server, mail stays in the local mailbox',
    visibleTo: "The recipient; the server's operator",
  },
  feedback: {
    label: 'Feedback',
    whatIsKept:
      'What you sent (type, name, email, details), also mailed to support so we can answer',
    retention: untilClosed,
    visibleTo: "The sender; the operator's support address",
  },
  conversations: {
    label: 'Support chat messages',
    whatIsKept: 'Each person’s support-chat conversation, so it can be picked up again',
    retention: 'Up to 30 days, or until the person clears it',
    visibleTo: 'The person who chatted',
  },
  dataExports: {
    label: 'Data exports',
    whatIsKept:
      'The ZIP file of each export; its download link, stored so that only the mailed link opens it',
    retention: `${DATA_LINK_EXPIRY_DAYS} days after it is made, then the file and its row are deleted. Kept after the account is closed, so the link works for its ${DATA_LINK_EXPIRY_DAYS} days`,
    visibleTo: 'Whoever holds the mailed link, until it expires',
  },
  hayPrices: {
    label: 'Hay prices',
    whatIsKept:
      'The price per grade and ton from a day on, and who set it; a change adds a new price rather than overwriting the old one',
    retention: `${untilClosed}. Earlier prices are kept, so a past value can be recomputed`,
    visibleTo: `${everyone}; the owner and managers set them`,
  },
  loads: {
    label: 'Loads',
    whatIsKept:
      'Each load of hay for a buyer: its details, its bales, who shipped it and when, and the links you made for the buyer with how often each was opened',
    retention: `${untilClosed}. A deleted load goes with its links; a shipped one is kept`,
    visibleTo: `${everyone}; the owner and managers build and share them; a buyer sees one load while its link lasts`,
  },
  stackAudits: {
    label: 'Stack audits',
    whatIsKept:
      'Each audit of a stack by scanning: the tags found, missing and not expected there, who scanned and when',
    retention: untilClosed,
    visibleTo: `${everyone}; the owner and managers record them`,
  },
  heatRiskMail: {
    label: 'Heat-risk mail: people chosen',
    whatIsKept:
      'The people chosen for the daily heat-risk mail, and the day each mail went out with how many entries it listed',
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
      ? 'one database, run by whoever operates this installation'
      : "one database on this server's own disk";
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
