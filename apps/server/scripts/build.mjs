// `npm run build -w @baletrack/server`: bundles the server's entry points into apps/server/dist,
// so the product starts as plain JavaScript (docs/adr/0026-server-runs-built.md).
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const serverDir = path.resolve(import.meta.dirname, '..');
const outdir = path.join(serverDir, 'dist');

// What operators run, and the conversion worker, which the server forks by its file name.
// Each lands directly in dist/, one level below apps/server as its source is: src/server-dir.ts
// relies on that depth.
const entryPoints = {
  main: 'src/main.ts',
  migrate: 'src/migrate.ts',
  seed: 'src/seed.ts',
  simulate: 'src/simulate.ts',
  'create-superadmin': 'src/create-superadmin.ts',
  'convert-worker': 'src/features/convert/convert-worker.ts',
};

// The workspaces (@baletrack/*, TypeScript source) are bundled in; every other package stays in
// node_modules, loaded as Node loads it (PGlite finds its WebAssembly, pdfkit its fonts).
const dependenciesExternal = {
  name: 'dependencies-external',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@baletrack/') ? undefined : { path: args.path, external: true },
    );
  },
};

fs.rmSync(outdir, { recursive: true, force: true });
await build({
  absWorkingDir: serverDir,
  entryPoints: Object.fromEntries(
    Object.entries(entryPoints).map(([name, file]) => [name, path.join(serverDir, file)]),
  ),
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  // Stack traces keep the source's function and class names; the map leads back to the source
  // under `node --enable-source-maps`.
  keepNames: true,
  sourcemap: 'linked',
  plugins: [dependenciesExternal],
  logLevel: 'warning',
});
