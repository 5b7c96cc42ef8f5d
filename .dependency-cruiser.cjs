// Import boundaries, each stated once for every workspace and feature (docs/ARCHITECTURE.md,
// ADR 26). Rules match resolved files, so an '@/…', '../' or package import counts alike.

// The workspaces each workspace may import besides itself: the table in docs/ARCHITECTURE.md.
const mayImport = {
  'packages/contracts': [],
  'packages/domain': ['packages/contracts'],
  'packages/db': [],
  'apps/server': ['packages/contracts', 'packages/domain', 'packages/db'],
  'apps/web': ['packages/contracts', 'packages/domain'],
};

const short = (workspace) => workspace.split('/')[1];

const workspaceRules = Object.entries(mayImport).map(([workspace, allowed]) => ({
  name: `${short(workspace)}-may-import-${allowed.map(short).join('-') || 'no-other-workspace'}`,
  severity: 'error',
  from: { path: `^${workspace}/` },
  to: { path: '^(apps|packages)/', pathNot: [workspace, ...allowed].map((w) => `^${w}/`) },
}));

module.exports = {
  forbidden: [
    ...workspaceRules,
    {
      name: 'web-feature-through-its-entry',
      comment:
        'A web feature imports another only through its public entry (index.ts); never app/.',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: {
        path: '^apps/web/src/(app|features)/',
        pathNot: ['^apps/web/src/features/$1/', '^apps/web/src/features/[^/]+/index\\.tsx?$'],
      },
    },
    {
      name: 'web-shared-code-imports-no-feature',
      comment: 'Shared code (components, config, hooks, lib) imports no feature and not app/.',
      severity: 'error',
      from: { path: '^apps/web/src/(components|config|hooks|lib)/' },
      to: { path: '^apps/web/src/(app|features)/' },
    },
    {
      name: 'server-feature-not-another-s-routes',
      comment:
        "A server feature may use another's services, repositories and helpers, not its routes.",
      severity: 'error',
      from: { path: '^apps/server/src/features/([^/]+)/' },
      to: {
        path: '^apps/server/src/features/[^/]+/.+\\.routes\\.ts$',
        pathNot: '^apps/server/src/features/$1/',
      },
    },
    {
      name: 'server-lib-imports-no-feature',
      comment: 'lib/ is shared by features and plugins: it imports neither.',
      severity: 'error',
      from: { path: '^apps/server/src/lib/' },
      to: { path: '^apps/server/src/(features|plugins)/' },
    },
    {
      name: 'server-entry-points-imported-by-none',
      comment:
        'app.ts, the start and the commands put features together; nothing under them imports them.',
      severity: 'error',
      from: { path: '^apps/server/src/(features|lib|plugins)/' },
      to: {
        path: '^apps/server/src/(app|start-product|main|seed|simulate|migrate|create-superadmin)\\.ts$',
      },
    },
  ],
  options: {
    includeOnly: '^(apps|packages)/',
    exclude: { path: '/(dist|node_modules)/' },
    // `import type` counts: a type from another feature's internals is still its internals.
    tsPreCompilationDeps: true,
    // '@/…' is apps/web/src; workspace packages resolve through their "exports".
    webpackConfig: { fileName: 'apps/web/import-alias.cjs' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'default'] },
    progress: { type: 'none' },
  },
};
