import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

// Accessibility inside the journeys (docs/product.md#accessibility): axe-core's WCAG 2.1 A and AA
// rules on the screen as a person sees it at that moment, failing on serious and critical
// findings. Moderate ones (e.g. a heading level skipped) are left to review.

const failing = new Set(['serious', 'critical']);

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
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
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
