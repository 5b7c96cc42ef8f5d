import { type Kysely, type Migration, Migrator } from 'kysely';
import * as identity from './migrations/2026-11-21-0001-identity.ts';
import * as bales from './migrations/2026-11-21-0002-bales.ts';
import * as settingsFilters from './migrations/2026-11-21-0003-settings-filters.ts';
import * as fieldCropNames from './migrations/2026-11-21-0004-field-crop-names.ts';
import * as balerRegistry from './migrations/2026-11-21-0005-baler-registry.ts';
import * as authorizedEmails from './migrations/2026-11-21-0007-authorized-emails.ts';
import * as credits from './migrations/2026-11-22-0008-credits.ts';
import * as nameCodesAndMailQueue from './migrations/2026-11-23-0009-name-codes-and-mail-queue.ts';
import * as rateLimits from './migrations/2026-11-23-0010-rate-limits.ts';
import * as reportsExportsFeedback from './migrations/2026-11-23-0011-reports-exports-feedback.ts';
import * as chat from './migrations/2026-11-23-0012-chat.ts';
import * as heatRisk from './migrations/2026-11-23-0013-heat-risk.ts';
import * as roles from './migrations/2026-11-23-0014-roles.ts';
import * as hayPrices from './migrations/2026-11-23-0015-hay-prices.ts';
import * as heatRiskRecipients from './migrations/2026-11-23-0016-heat-risk-recipients.ts';
import * as balesOrgThroughBaler from './migrations/2026-11-23-0017-bales-org-through-baler.ts';
import * as balesBalerCheckedPerBatch from './migrations/2026-11-23-0018-bales-baler-checked-per-batch.ts';
import * as fieldsVersion from './migrations/2026-11-27-0019-fields-version.ts';
import * as baleCells from './migrations/2026-11-28-0020-bale-cells.ts';
import * as baleCellsGradeCounts from './migrations/2026-11-28-0021-bale-cells-grade-counts.ts';
import * as baleCellMonths from './migrations/2026-11-28-0022-bale-cell-months.ts';
import * as cropNutrientRemoval from './migrations/2026-11-29-0023-crop-nutrient-removal.ts';
import * as automatedReportYield from './migrations/2026-11-29-0024-automated-report-yield.ts';
import * as mailAttachmentLists from './migrations/2026-11-29-0025-mail-attachment-lists.ts';
import * as loads from './migrations/2026-12-01-0026-loads.ts';
import * as stackAudits from './migrations/2026-12-01-0027-stack-audits.ts';
import * as movedBales from './migrations/2026-12-02-0028-moved-bales.ts';
import * as baleTiles from './migrations/2026-12-02-0029-bale-tiles.ts';
import * as baleTileTotals from './migrations/2026-12-02-0030-bale-tile-totals.ts';

/** Every migration, in order. Listed by hand so bundling or a stray file never changes the set. */
const migrations: Record<string, Migration> = {
  '2026-11-21-0001-identity': identity,
  '2026-11-21-0002-bales': bales,
  '2026-11-21-0003-settings-filters': settingsFilters,
  '2026-11-21-0004-field-crop-names': fieldCropNames,
  '2026-11-21-0005-baler-registry': balerRegistry,
  '2026-11-21-0007-authorized-emails': authorizedEmails,
  '2026-11-22-0008-credits': credits,
  '2026-11-23-0009-name-codes-and-mail-queue': nameCodesAndMailQueue,
  '2026-11-23-0010-rate-limits': rateLimits,
  '2026-11-23-0011-reports-exports-feedback': reportsExportsFeedback,
  '2026-11-23-0012-chat': chat,
  '2026-11-23-0013-heat-risk': heatRisk,
  '2026-11-23-0014-roles': roles,
  '2026-11-23-0015-hay-prices': hayPrices,
  '2026-11-23-0016-heat-risk-recipients': heatRiskRecipients,
  '2026-11-23-0017-bales-org-through-baler': balesOrgThroughBaler,
  '2026-11-23-0018-bales-baler-checked-per-batch': balesBalerCheckedPerBatch,
  '2026-11-27-0019-fields-version': fieldsVersion,
  '2026-11-28-0020-bale-cells': baleCells,
  '2026-11-28-0021-bale-cells-grade-counts': baleCellsGradeCounts,
  '2026-11-28-0022-bale-cell-months': baleCellMonths,
  '2026-11-29-0023-crop-nutrient-removal': cropNutrientRemoval,
  '2026-11-29-0024-automated-report-yield': automatedReportYield,
  '2026-11-29-0025-mail-attachment-lists': mailAttachmentLists,
  '2026-12-01-0026-loads': loads,
  '2026-12-01-0027-stack-audits': stackAudits,
  '2026-12-02-0028-moved-bales': movedBales,
  '2026-12-02-0029-bale-tiles': baleTiles,
  '2026-12-02-0030-bale-tile-totals': baleTileTotals,
};

/**
 * Brings a database up to the newest schema; safe to call on every start.
 * @example await migrateToLatest(db) // → ['2026-11-21-0001-identity'] on a fresh database
 */
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Database migration ${failed} failed: ${String(error)}`, { cause: error });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
