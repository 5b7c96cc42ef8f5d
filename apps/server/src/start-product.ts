import fs from 'node:fs';
import path from 'node:path';
import { VERSION } from '@baletrack/contracts/constants';
import { connectDatabase } from '@baletrack/db/connect';
import { startMaintenance } from '@baletrack/db/maintenance';
import { migrateToLatest } from '@baletrack/db/migrate';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { type AppContext, createAppContext } from './app-context.ts';
import type { Config } from './config.ts';
import { startDataExportWorker } from './features/account/data-export-worker.ts';
import {
  newOperatorToken,
  operatorRoutes,
  removeOperatorChannel,
  writeOperatorChannel,
} from './features/admin/operator-channel.ts';
import { startReportScheduler } from './features/automated-reports/report-scheduler.ts';
import { startBaleCellsCatchUp } from './features/bales/bale-cells-catch-up.ts';
import { demoOwner, seedDemo } from './features/demo/demo.service.ts';
import { readDemoBalerKey } from './features/demo/demo-baler-key.ts';
import { startHeatRiskMails } from './features/heat-risk/heat-risk-scheduler.ts';
import { startIdentityHousekeeping } from './features/identity/identity-housekeeping.ts';
import { startMonthRollover } from './features/subscriptions/month-rollover.service.ts';
import { startMailWorker } from './lib/mail/mail-worker.ts';
import { createMailer } from './lib/mail/mailer.ts';
import { startRateLimitHousekeeping } from './lib/rate-limit/rate-limit-housekeeping.ts';
import { SecretBox } from './lib/secret-box.ts';

export interface RunningProduct {
  ctx: AppContext;
  app: FastifyInstance;
  /** What a person starting the product is told: where it runs, the demo sign-in, the mailbox. */
  banner: string[];
  /** Stops the background work, the HTTP server and the database, in that order. */
  stop(): Promise<void>;
}

/**
 * The whole product in one process: configuration, database (migrated), mail, the demo farm, the
 * background work (maintenance, housekeeping, mail, subscription months, data exports) and the
 * HTTP app, not yet listening. main.ts runs it; the browser journeys' server (e2e/support) runs it too.
 */
export async function startProduct(config: Config): Promise<RunningProduct> {
  const database = await connectDatabase(config.database);
  await migrateToLatest(database.db);
  // Releases before the map read the database kept map snapshots here; nothing reads them now.
  fs.rmSync(path.join(config.dataDir, 'snapshots'), { recursive: true, force: true });
  const mailer = createMailer({
    smtpUrl: config.mail.smtpUrl,
    db: database.db,
    log: (mail) =>
      app.log.info({ to: mail.to, subject: mail.subject }, 'mail kept in the local outbox'),
  });
  const ctx = createAppContext({
    config,
    db: database.db,
    mailer,
    secrets: new SecretBox(config.secretKey),
  });
  const app = await buildApp(ctx);
  // The embedded database is this process's: operator commands ask it (operator-channel.ts).
  const operatorToken = 'dataDir' in config.database ? newOperatorToken() : null;
  if (operatorToken) {
    await app.register(operatorRoutes(operatorToken));
    app.addHook('onListen', async () => {
      const address = app.server.address();
      if (typeof address !== 'object' || address === null) return;
      const channel = { port: address.port, token: operatorToken, pid: process.pid };
      writeOperatorChannel(config.dataDir, channel);
    });
  }
  // The banner is for people starting the product, so it is plain text beside the JSON logs.
  const banner = [
    `Baletrack ${VERSION} is running at ${config.publicUrl} (database: ${database.kind})`,
  ];
  if (config.seedDemo && (await seedDemo(ctx)) !== 'skipped') {
    banner.push(`Demo farm: sign in as ${demoOwner.email} with password ${demoOwner.password}`);
    const balerKey = readDemoBalerKey(config.dataDir);
    if (balerKey) {
      banner.push(`Demo baler ingest key: ${balerKey} (bales arrive live with npm run simulate)`);
    }
  }
  if (mailer.kind === 'outbox') {
    banner.push(
      `No SMTP_URL set: mail is kept in the local mailbox at ${config.publicUrl}/mailbox`,
    );
  }

  // After seeding, so the first map of a new demo farm is planned with real statistics.
  const stopMaintenance = await startMaintenance(database);
  const stopCellsCatchUp = startBaleCellsCatchUp(
    ctx,
    (organizations, ms) =>
      app.log.info(`summed the bale cells of ${organizations} organization(s) afresh in ${ms} ms`),
    (error) => app.log.warn({ err: error }, 'rebuilding bale cells failed'),
  );
  const stopHousekeeping = startIdentityHousekeeping(ctx, (error) =>
    app.log.warn({ err: error }, 'purging expired sign-in rows failed'),
  );
  const stopMailWorker = startMailWorker(ctx, (error, mail) =>
    app.log.warn({ err: error, ...mail }, mail ? 'mail not sent' : 'the mail worker failed'),
  );
  const stopRateLimitHousekeeping = startRateLimitHousekeeping(ctx, (error) =>
    app.log.warn({ err: error }, 'purging old rate-limit counters failed'),
  );
  const stopRollover = startMonthRollover(ctx, (error) =>
    app.log.warn({ err: error }, 'activating or renewing subscription months failed'),
  );
  const stopReportScheduler = startReportScheduler(ctx, (error) =>
    app.log.warn({ err: error }, 'sending an automated report failed'),
  );
  const stopHeatRiskMails = startHeatRiskMails(ctx, (error) =>
    app.log.warn({ err: error }, 'sending the heat-risk mail failed'),
  );
  const stopExportWorker = startDataExportWorker(ctx, (error, exportId) =>
    app.log.warn({ err: error, exportId }, 'building a data export failed'),
  );
  return {
    ctx,
    app,
    banner,
    async stop() {
      stopMaintenance();
      await stopCellsCatchUp();
      stopHousekeeping();
      stopRollover();
      stopRateLimitHousekeeping();
      await stopReportScheduler();
      await stopHeatRiskMails();
      await app.close();
      if (operatorToken) removeOperatorChannel(config.dataDir, operatorToken);
      await stopExportWorker();
      await stopMailWorker();
      await database.close();
    },
  };
}
