import { expect, type Locator, type Page } from '@playwright/test';

// Layout checks the journeys share: no control drawn over another (docs/product.md#the-app-shell).

/** Fails when any two of the named controls' boxes intersect or one leaves the window. */
export async function expectApart(page: Page, controls: Record<string, Locator>): Promise<void> {
  const size = page.viewportSize() ?? { width: 0, height: 0 };
  const boxes: { name: string; x: number; y: number; width: number; height: number }[] = [];
  for (const [name, control] of Object.entries(controls)) {
    await expect(control, name).toBeVisible();
    const box = await control.boundingBox();
    if (!box) throw new Error(`${name} has no box`);
    expect(box.x, `${name} starts left of the window`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `${name} ends right of the window`).toBeLessThanOrEqual(
      size.width + 0.5,
    );
    expect(box.y + box.height, `${name} ends below the window`).toBeLessThanOrEqual(
      size.height + 0.5,
    );
    boxes.push({ name, ...box });
  }
  for (const [i, a] of boxes.entries()) {
    for (const b of boxes.slice(i + 1)) {
      const apart =
        a.x + a.width <= b.x + 0.5 ||
        b.x + b.width <= a.x + 0.5 ||
        a.y + a.height <= b.y + 0.5 ||
        b.y + b.height <= a.y + 0.5;
      expect(apart, `${a.name} overlaps ${b.name}`).toBe(true);
    }
  }
}

/** Fails when something else is drawn over the middle of the element (e.g. a panel's title). */
export async function expectOnTop(locator: Locator, name: string): Promise<void> {
  const onTop = await locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    return hit !== null && (element === hit || element.contains(hit));
  });
  expect(onTop, `${name} is covered by another element`).toBe(true);
}
