import { loadConfig } from './config.ts';
import { flushErrorReports } from './lib/error-reporting.ts';
import { startProduct } from './start-product.ts';

// Starts the product (start-product.ts) on one port and stops it cleanly on SIGINT or SIGTERM.
async function main(): Promise<void> {
  const config = loadConfig();
  const product = await startProduct(config);
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    product.app.log.info(`${signal} received, closing`);
    await product.stop();
    // Errors reported just before the signal still reach the service (nothing without a DSN).
    await flushErrorReports();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await product.app.listen({ port: config.port, host: config.host });
  console.log(product.banner.join('\n'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
