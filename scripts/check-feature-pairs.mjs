// `npm run lint:feature-pairs`: the server's features import each other one way only
// (docs/ARCHITECTURE.md, docs/adr/0036-no-feature-pairs.md). Two features that import each other
// are one tangle: a change in either reaches the other, and neither can be read alone. Any such
// pair fails.
import fs from 'node:fs';
import path from 'node:path';

const FEATURES = 'apps/server/src/features';

// Every import of another feature's file: `from '../x/…'`, `import('../x/…')`, `export … from`.
const IMPORT = /(?:from\s+|import\s*\(\s*)'(\.\.\/[^']+)'/g;

function sources(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [file] : [];
  });
}

const features = fs
  .readdirSync(FEATURES, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const imports = new Map(features.map((feature) => [feature, new Set()]));
for (const feature of features) {
  for (const file of sources(path.join(FEATURES, feature))) {
    for (const [, specifier] of fs.readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const target = path.relative(FEATURES, path.resolve(path.dirname(file), specifier));
      const [other] = target.split(path.sep);
      if (other !== feature && imports.has(other)) imports.get(feature).add(other);
    }
  }
}

const pairs = new Set();
for (const [feature, others] of imports) {
  for (const other of others) {
    if (feature < other && imports.get(other).has(feature)) pairs.add(`${feature} <-> ${other}`);
  }
}
for (const pair of pairs) {
  console.error(`${pair}: these features import each other; make the imports go one way.`);
}
if (pairs.size > 0) process.exit(1);
console.log(`Server features import each other one way (${features.length} features).`);
