// The product as the browser journeys run it: exactly what `npm start` runs (start-product.ts),
// plus a control port on loopback (E2E_CONTROL_PORT, by default PORT + 1000) for what a journey
// cannot wait for in real time. Today that is the automated reports' schedule:
// POST /report-schedule?at=<ISO instant> runs one round of it as of that instant (the product's
// own clock is left alone, so sessions and tokens are unaffected). e2e/support/test-clock.ts calls it.
import http from 'node:http';
import { loadConfig } from '../apps/server/src/config.ts';
import { runReportSchedule } from '../apps/server/src/features/automated-reports/report-scheduler.ts';
import { startProduct } from '../apps/server/src/start-product.ts';

const config = loadConfig();
const product = await startProduct(config);
await product.app.listen({ port: config.port, host: config.host });

const controlPort = Number(process.env.E2E_CONTROL_PORT ?? config.port + 1000);
const control = http.createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://127.0.0.1');
  const at = new Date(url.searchParams.get('at') ?? '');
  if (request.method !== 'POST' || url.pathname !== '/report-schedule' || Number.isNaN(+at)) {
    response.writeHead(404).end();
    return;
  }
  runReportSchedule(product.ctx, { at }).then(
    (round) =>
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(round)),
    (error: unknown) => response.writeHead(500).end(String(error)),
  );
});
// A busy port leaves the journeys that need the control failing with a clear message, not the app.
control.on('error', (error) =>
  console.error(`The journeys' control port is not available: ${error}`),
);
control.listen(controlPort, '127.0.0.1');
console.log(product.banner.join('\n'));

const stop = async () => {
  control.close();
  await product.stop();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
