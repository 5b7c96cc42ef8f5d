import { randomUUID } from 'node:crypto';
import type {
  AutomatedReport,
  CreateAutomatedReportRequest,
  UpdateAutomatedReportRequest,
} from '@baletrack/contracts/automated-reports/automated-report';
import { messages } from '@baletrack/contracts/errors/messages';
import { nextSendAt } from '@baletrack/domain/automated-reports/report-schedule';
import type { AppContext, Principal } from '../../app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import { isForeignKeyViolation } from '../../lib/db-errors.ts';
import { assertMay } from '../../lib/roles.ts';
import { findFilter } from '../filters/filters.repository.ts';
import {
  type AutomatedReportRow,
  type AutomatedReportSettings,
  deleteAutomatedReport,
  insertAutomatedReport,
  listAutomatedReports,
  updateAutomatedReport,
} from './automated-reports.repository.ts';

// Automated reports' settings (docs/product.md#automated-reports): the owner's alone. Sending
// them is report-scheduler.ts.

const m = messages.autoReport;

const notFound = () => new AppError('NOT_FOUND', 'Automated report not found.');
const unknownFilter = () =>
  new AppError('VALIDATION_FAILED', m.filterRequired, [
    { path: 'filterId', message: m.filterRequired },
  ]);

function toView(row: AutomatedReportRow, now: Date): AutomatedReport {
  return {
    id: row.id,
    filterId: row.filterId,
    filterName: row.filterName,
    frequency: row.frequency,
    timezone: row.timezone,
    units: row.units,
    includeCuttingless: row.includeCuttingless,
    includeYield: row.includeYield,
    recipients: row.recipients,
    nextSendAt:
      row.frequency === 'none' ? null : nextSendAt(row.frequency, row.timezone, now).toISOString(),
    lastRun:
      row.periodStart && row.periodEnd && row.status
        ? {
            periodStart: row.periodStart.toISOString(),
            periodEnd: row.periodEnd.toISOString(),
            status: row.status,
            attempts: row.attempts ?? 0,
            sentAt: row.sentAt?.toISOString() ?? null,
            baleCount: row.baleCount,
            lastError: row.lastError,
          }
        : null,
  };
}

export async function automatedReports(
  ctx: AppContext,
  principal: Principal,
): Promise<AutomatedReport[]> {
  assertMay(principal, 'automatedReports');
  const now = ctx.now();
  return (await listAutomatedReports(ctx.db, principal.orgId)).map((row) => toView(row, now));
}

async function viewOf(ctx: AppContext, orgId: string, id: string): Promise<AutomatedReport> {
  const row = (await listAutomatedReports(ctx.db, orgId)).find((r) => r.id === id);
  if (!row) throw notFound();
  return toView(row, ctx.now());
}

/** Runs a write that names a filter; a filter of another organization (or none) is refused. */
async function withKnownFilter(
  ctx: AppContext,
  orgId: string,
  settings: AutomatedReportSettings,
  write: () => Promise<boolean | undefined>,
): Promise<boolean | undefined> {
  if (!(await findFilter(ctx.db, orgId, settings.filterId))) throw unknownFilter();
  try {
    return await write();
  } catch (error) {
    // The filter was deleted between the check and the write.
    if (isForeignKeyViolation(error)) throw unknownFilter();
    throw error;
  }
}

const settingsOf = (body: CreateAutomatedReportRequest): AutomatedReportSettings => ({
  filterId: body.filterId,
  frequency: body.frequency,
  timezone: body.timezone,
  units: body.units,
  includeCuttingless: body.includeCuttingless,
  includeYield: body.includeYield,
  recipients: body.recipients,
});

export async function createAutomatedReport(
  ctx: AppContext,
  principal: Principal,
  body: CreateAutomatedReportRequest,
): Promise<AutomatedReport> {
  assertMay(principal, 'automatedReports');
  const id = randomUUID();
  const settings = settingsOf(body);
  await withKnownFilter(ctx, principal.orgId, settings, async () => {
    await insertAutomatedReport(ctx.db, principal.orgId, id, settings, ctx.now());
    return true;
  });
  return viewOf(ctx, principal.orgId, id);
}

export async function changeAutomatedReport(
  ctx: AppContext,
  principal: Principal,
  body: UpdateAutomatedReportRequest,
): Promise<AutomatedReport> {
  assertMay(principal, 'automatedReports');
  const settings = settingsOf(body);
  const changed = await withKnownFilter(ctx, principal.orgId, settings, () =>
    updateAutomatedReport(ctx.db, principal.orgId, body.id, settings, ctx.now()),
  );
  if (!changed) throw notFound();
  return viewOf(ctx, principal.orgId, body.id);
}

export async function removeAutomatedReport(
  ctx: AppContext,
  principal: Principal,
  id: string,
): Promise<void> {
  assertMay(principal, 'automatedReports');
  if (!(await deleteAutomatedReport(ctx.db, principal.orgId, id))) throw notFound();
}
