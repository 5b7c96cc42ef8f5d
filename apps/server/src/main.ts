import { VERSION } from '@baletrack/contracts/constants';
import { connectDatabase } from '@baletrack/db/connect';
import { startMaintenance } from '@baletrack/db/maintenance';
import { migrateToLatest } from '@baletrack/db/migrate';
import { buildApp } from './app.ts';
import { createAppContext } from './app-context.ts';
import { loadConfig } from './config.ts';
import { demoOwner, seedDemo } from './features/demo/demo.service.ts';
import { readDemoBalerKey } from './features/demo/demo-baler-key.ts';
import { startIdentityHousekeeping } from './features/identity/identity-housekeeping.ts';
import { startMonthRollover } from './features/subscriptions/month-rollover.service.ts';
import { startMailWorker } from './lib/mail/mail-worker.ts';
import { createMailer } from './lib/mail/mailer.ts';
import { startRateLimitHousekeeping } from './lib/rate-limit/rate-limit-housekeeping.ts';
import { SecretBox } from './lib/secret-box.ts';

// Starts the product: configuration, database (migrated), mail, then the HTTP server on one port.
async function main(): Promise<void> {
  const config = loadConfig();
  const database = await connectDatabase(config.database);
  await migrateToLatest(database.db);
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
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, closing`);
    stopMaintenance();
    stopHousekeeping();
    stopRollover();
    stopRateLimitHousekeeping();
    await app.close();
    await stopMailWorker();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  console.log(banner.join('\n'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
