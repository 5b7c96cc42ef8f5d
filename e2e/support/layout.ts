import { expect, type Locator, type Page } from '@playwright/test';

// Layout checks the journeys share: no control drawn over another (docs/product.md#the-app-shell).

type Box = { name: string; x: number; y: number; width: number; height: number };

/** The pairs of boxes that intersect, as 'a overlaps b'. */
function overlaps(boxes: Box[]): string[] {
  const found: string[] = [];
  for (const [i, a] of boxes.entries()) {
    for (const b of boxes.slice(i + 1)) {
      const apart =
        a.x + a.width <= b.x + 0.5 ||
        b.x + b.width <= a.x + 0.5 ||
        a.y + a.height <= b.y + 0.5 ||
        b.y + b.height <= a.y + 0.5;
      if (!apart) found.push(`${a.name} overlaps ${b.name}`);
    }
  }
  return found;
}

/**
 * Fails when any two of the named controls' boxes intersect or one leaves the window, once the
 * layout has settled: the boxes are measured together again until no pair overlaps (a panel
 * still growing as its list loads moves the others), failing after a few seconds.
 */
export async function expectApart(page: Page, controls: Record<string, Locator>): Promise<void> {
  const size = page.viewportSize() ?? { width: 0, height: 0 };
  for (const [name, control] of Object.entries(controls)) {
    await expect(control, name).toBeVisible();
  }
  const measure = async (): Promise<Box[]> => {
    const boxes: Box[] = [];
    for (const [name, control] of Object.entries(controls)) {
      const box = await control.boundingBox();
      if (!box) throw new Error(`${name} has no box`);
      boxes.push({ name, ...box });
    }
    return boxes;
  };
  await expect.poll(async () => overlaps(await measure()), { timeout: 5_000 }).toEqual([]);
  for (const box of await measure()) {
    expect(box.x, `${box.name} starts left of the window`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `${box.name} ends right of the window`).toBeLessThanOrEqual(
      size.width + 0.5,
    );
    expect(box.y + box.height, `${box.name} ends below the window`).toBeLessThanOrEqual(
      size.height + 0.5,
    );
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
