// `npm start`: installs dependencies and builds the web app and the server when needed, then runs
// the product as built JavaScript. `node scripts/start.mjs <command> [arguments]` runs one of the
// server's commands the same way (`npm run superadmin`, `db:migrate`, `db:seed`, `simulate`).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureBuilt } from './lib/ensure-built.mjs';
import { ensureDependencies } from './lib/run.mjs';

// The entry points apps/server/scripts/build.mjs writes to apps/server/dist.
const commands = ['main', 'migrate', 'seed', 'simulate', 'create-superadmin'];
const [command = 'main', ...args] = process.argv.slice(2);
if (!commands.includes(command)) {
  console.error(`Unknown command ${command}: one of ${commands.join(', ')}.`);
  process.exit(2);
}

await ensureDependencies();
if (command === 'main') await ensureBuilt('web');
await ensureBuilt('server');

const entry = path.join(import.meta.dirname, '../apps/server/dist', `${command}.js`);
const child = spawn(process.execPath, [entry, ...args], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
