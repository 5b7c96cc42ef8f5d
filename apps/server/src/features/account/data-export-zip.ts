import type { MeasurementSystem } from '@baletrack/contracts/constants';
import { defaultSettings } from '@baletrack/contracts/settings/settings';
import { AsyncZipDeflate, strToU8, Zip, ZipDeflate } from 'fflate';
import type { AppContext } from '../../app-context.ts';
import { CSV_BOM, csvLine } from '../../lib/csv.ts';
import { reportColumns } from '../reports/report-columns.ts';
import { reportPages } from '../reports/report-pages.ts';
import * as files from './export-files.repository.ts';
import { exportReadme } from './export-readme.ts';

/** Told how far the build is (0–1); may throw to stop it (the builder lost its claim). */
export type ExportProgress = (fraction: number) => Promise<void>;

/**
 * The organization's data as a ZIP (docs/product.md#account): its bales as the report's CSV
 * (every column, the organization's units), fields and storage areas as GeoJSON, everything else
 * as JSON, secrets left out. Bales are read in the report's keyset pages and compressed as they
 * come, so only the compressed file is held whole.
 * @example const zip = await buildExportZip(ctx, orgId, async (f) => console.log(f));
 */
export async function buildExportZip(
  ctx: AppContext,
  orgId: string,
  progress: ExportProgress,
): Promise<Uint8Array> {
  const organization = await files.readOrganization(ctx.db, orgId);
  if (!organization) throw new Error('The organization no longer exists.');
  const system = (organization.measurementSystem ??
    defaultSettings.measurementSystem) as MeasurementSystem;
  const counts = await files.countBales(ctx.db, orgId);

  const parts: Uint8Array[] = [];
  let failure: Error | null = null;
  // The whole file once its last part is out, or the ZIP's first failure.
  let settle: { resolve: (zip: Uint8Array) => void; reject: (error: Error) => void } | undefined;
  const whole = new Promise<Uint8Array>((resolve, reject) => {
    settle = { resolve, reject };
  });
  // Awaited at the end, unless something fails first.
  whole.catch(() => {});
  const zip = new Zip((error, chunk, final) => {
    if (error) {
      failure = error;
      settle?.reject(error);
      return;
    }
    parts.push(chunk);
    if (final) settle?.resolve(concat(parts));
  });
  const addFile = (name: string, text: string) => {
    const file = new ZipDeflate(name, { level: 6 });
    zip.add(file);
    file.push(strToU8(text), true);
  };
  const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

  addFile(
    'README.txt',
    exportReadme({
      organizationName: organization.name,
      exportedAt: ctx.now(),
      system,
      bales: counts.visible,
      lockedBales: counts.locked,
    }),
  );
  const { id, name, createdAt, ...settings } = organization;
  addFile('organization.json', json({ id, name, createdAt, settings }));
  addFile('people.json', json(await files.readPeople(ctx.db, orgId)));
  addFile('balers.json', json(await files.readBalers(ctx.db, orgId)));
  addFile('fields.geojson', json(featureCollection(await files.readFields(ctx.db, orgId))));
  addFile(
    'storage-areas.geojson',
    json(featureCollection(await files.readGeofences(ctx.db, orgId))),
  );
  addFile('crops.json', json(await files.readCrops(ctx.db, orgId)));
  addFile('cuttings.json', json(await files.readCuttings(ctx.db, orgId)));
  addFile('filters.json', json(await files.readFilters(ctx.db, orgId)));
  addFile('automated-reports.json', json(await files.readAutomatedReports(ctx.db, orgId)));
  addFile('subscription-months.json', json(await files.readSubscriptionMonths(ctx.db, orgId)));
  addFile('credit-ledger.json', json(await files.readCreditLedger(ctx.db, orgId)));
  addFile('payments.json', json(await files.readPayments(ctx.db, orgId)));
  addFile('authorized-emails.json', json(await files.readAuthorizedEmails(ctx.db, orgId)));
  addFile('feedback.json', json(await files.readFeedback(ctx.db, orgId)));
  addFile('support-chat.json', json(await files.readConversations(ctx.db, orgId)));
  addFile('hay-prices.json', json(await files.readHayPrices(ctx.db, orgId)));
  addFile('loads.json', json(await files.readLoads(ctx.db, orgId)));
  addFile('stack-audits.json', json(await files.readStackAudits(ctx.db, orgId)));
  addFile('heat-risk-mail.json', json(await files.readHeatRiskMail(ctx.db, orgId)));
  await progress(0.05);

  // The bales' CSV, most of the export, is compressed on a worker thread while the next rows
  // are read and written here.
  const bales = new AsyncZipDeflate('bales.csv', { level: 6 });
  zip.add(bales);
  try {
    bales.push(strToU8(CSV_BOM + csvLine(reportColumns.map((c) => c.header(system)))));
    let written = 0;
    let percent = 5;
    for await (const chunk of reportPages(ctx, orgId, { range: {}, system })) {
      bales.push(strToU8(chunk.text));
      written += chunk.rows;
      if (failure) throw failure;
      const fraction = 0.05 + 0.9 * Math.min(1, written / Math.max(1, counts.visible));
      // Told once a percent, not once a chunk (a write to the database each time).
      if (Math.floor(fraction * 100) > percent) {
        percent = Math.floor(fraction * 100);
        await progress(fraction);
      }
    }
    bales.push(new Uint8Array(0), true);
    zip.end();
    return await whole;
  } catch (error) {
    bales.terminate();
    throw error;
  }
}

/** Boundaries as a GeoJSON FeatureCollection, every other column a property. */
function featureCollection(rows: { boundary: unknown }[]) {
  return {
    type: 'FeatureCollection',
    features: rows.map(({ boundary, ...properties }) => ({
      type: 'Feature',
      geometry: boundary,
      properties,
    })),
  };
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.byteLength;
  }
  return out;
}
