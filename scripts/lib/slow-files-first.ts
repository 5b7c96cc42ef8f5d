import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

// Medium test files that wait on processes, timers or large data: started first, so no worker
// sits alone through one of them at the end of a run (docs/ARCHITECTURE.md, "Tests").
const slowFiles = [
  'convert/convert-hostile',
  'test/main',
  'mail/mail-worker',
  'automated-reports/report-schedule',
  'summaries/summary-rules',
  'db/src/connect',
  'inventory/inventory',
  'fuzz/openapi-fuzz',
  'map/map-restart',
];

const rank = (spec: TestSpecification) => {
  const index = slowFiles.findIndex((name) => spec.moduleId.includes(`/${name}.medium.test.ts`));
  return index === -1 ? slowFiles.length : index;
};

/**
 * Vitest's order (failed, then longest, from its cache of earlier runs), with the known slow
 * files first where the cache knows nothing, as on a fresh clone or in CI.
 */
export class SlowFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const known = sorted.some((spec) =>
      this.ctx.cache.getFileTestResults(
        `${spec.project.name}:${path.relative(this.ctx.config.root, spec.moduleId)}`,
      ),
    );
    return known ? sorted : [...sorted].sort((a, b) => rank(a) - rank(b));
  }
}
