import path from 'node:path';
import { parseArgs } from 'node:util';
import { demoBalerKeyPath, readDemoBalerKey } from './features/demo/demo-baler-key.ts';
import { demoFieldNames } from './features/demo/farm/live-baling.ts';
import { parseDuration, SimulatorError, simulateBaler } from './features/demo/simulate-baler.ts';

// `npm run simulate -- [options]`: a virtual baler posting bales to a running server.
const usage = `Usage: npm run simulate -- [options]

  --url <url>        server to send to (default http://localhost:3000)
  --rate <n>         bales per minute (default 30)
  --duration <time>  how long to bale: 90s, 10m, 1h (default 10m)
  --key <key>        the baler's ingest API key (default: $DATA_DIR/demo-baler.key,
                     written when the demo farm is seeded)
  --field <name>     demo field to bale (default ${demoFieldNames[0]}); one of:
                     ${demoFieldNames.join(', ')}
  --help             this text`;

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      url: { type: 'string', default: 'http://localhost:3000' },
      rate: { type: 'string', default: '30' },
      duration: { type: 'string', default: '10m' },
      key: { type: 'string' },
      field: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(usage);
    return 0;
  }
  const ratePerMinute = Number(values.rate);
  const durationMs = parseDuration(values.duration);
  const problems: string[] = [];
  if (!(ratePerMinute > 0)) problems.push(`--rate must be a number above 0, not "${values.rate}"`);
  if (!(durationMs > 0))
    problems.push(`--duration must look like 90s, 10m or 1h, not "${values.duration}"`);
  const dataDir = path.resolve(process.env.DATA_DIR ?? './data');
  const apiKey = values.key ?? readDemoBalerKey(dataDir);
  if (!apiKey) {
    problems.push(
      `no baler key: pass --key, or seed the demo farm (npm start or npm run db:seed) so ` +
        `${demoBalerKeyPath(dataDir)} exists`,
    );
  }
  if (problems.length > 0 || !apiKey) {
    console.error(`${problems.map((p) => `Error: ${p}`).join('\n')}\n\n${usage}`);
    return 1;
  }
  await simulateBaler({
    url: values.url,
    apiKey,
    fieldName: values.field,
    ratePerMinute,
    durationMs,
  });
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof SimulatorError) console.error(`Error: ${error.message}`);
    else console.error(error);
    process.exit(1);
  },
);
