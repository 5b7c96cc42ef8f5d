import fs from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';
import type { AxeResults } from 'axe-core';

// Accessibility inside the journeys (docs/product.md#accessibility): axe-core's WCAG 2.1 A and AA
// rules on the screen as a person sees it at that moment, failing on serious and critical
// findings. Moderate ones (e.g. a heading level skipped) are left to review.

const failing = new Set(['serious', 'critical']);
const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
// axe-core itself, put in the page once per page load and run there: @axe-core/playwright's
// builder opens a blank page per run to finish it, four times the run's own second.
const axeSource = fs.readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

async function runAxe(page: Page): Promise<AxeResults> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(
    (values) =>
      (window as unknown as { axe: typeof import('axe-core') }).axe.run(document, {
        runOnly: { type: 'tag', values },
        resultTypes: ['violations'],
      }),
    tags,
  );
}

/**
 * Runs axe-core on the page and fails with each serious or critical violation named, its help
 * text and the first elements it found, e.g. `await expectNoSeriousA11yViolations(page, 'Fields')`.
 */
export async function expectNoSeriousA11yViolations(page: Page, screen: string): Promise<void> {
  // Colours as a person sees them once the screen has settled: a dialog fading in blends its text
  // with what lies behind it until its transition ends.
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => !(animation instanceof CSSTransition)),
  );
  const results = await runAxe(page);
  const violations = results.violations.filter((v) => failing.has(v.impact ?? ''));
  const report = violations.map((v) => {
    const nodes = v.nodes
      .slice(0, 5)
      .map(
        (n) =>
          `    ${n.target.join(' ')}\n      ${n.failureSummary?.split('\n').slice(1).join(' ')}`,
      );
    return `${v.impact} ${v.id}: ${v.help} (${v.nodes.length} elements)\n${nodes.join('\n')}`;
  });
  expect(report, `axe-core on ${screen}`).toEqual([]);
}
