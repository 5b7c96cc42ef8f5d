// `npm run check`: the TypeScript projects (server and packages, web app, journeys) typechecked
// side by side, one tsc each, so a 2-core machine checks two at once. Output is kept per project
// and printed whole, so two projects' errors never interleave.
import { spawn } from 'node:child_process';

const projects = ['tsconfig.json', 'apps/web/tsconfig.json', 'e2e/tsconfig.json'];

function typecheck(project) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['node_modules/typescript/bin/tsc', '-p', project]);
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => resolve({ project, code, output }));
  });
}

const results = await Promise.all(projects.map(typecheck));
for (const { project, code, output } of results) {
  if (code !== 0) console.error(`tsc -p ${project} failed:\n${output}`);
}
process.exit(results.some((r) => r.code !== 0) ? 1 : 0);
