import type { Page } from '@playwright/test';
import { baleMap } from './demo-map.ts';

/**
 * Where the map's WebGL canvas shows a colour, found by eye in a screenshot: a point whose
 * neighbours 8 px around have it too (the legend's swatches are too small to count), in CSS
 * pixels of the canvas; null while none is drawn. `opacity` below 1 is a layer drawn over any
 * ground: that share of the colour plus the rest of whatever lies beneath; `tolerance` is how
 * far the channels may stray beyond that, summed.
 * @example await colourSpot(page, [241, 105, 19]) // a cluster of the most common weight class
 */
export async function colourSpot(
  page: Page,
  rgb: readonly number[],
  { opacity = 1, tolerance = 30 } = {},
): Promise<{ x: number; y: number } | null> {
  const shot = await baleMap(page).locator('canvas').screenshot();
  return page.evaluate(
    async ({ png, rgb, opacity, tolerance }) => {
      const image = new Image();
      image.src = `data:image/png;base64,${png}`;
      await image.decode();
      const board = document.createElement('canvas');
      board.width = image.width;
      board.height = image.height;
      const context = board.getContext('2d');
      if (!context) return null;
      context.drawImage(image, 0, 0);
      const { data } = context.getImageData(0, 0, image.width, image.height);
      // How far each channel lies outside what the colour over any ground can give, summed.
      const near = (i: number) =>
        rgb.reduce((off, c, k) => {
          const value = data[i + k] ?? 0;
          const least = opacity * c;
          const most = least + (1 - opacity) * 255;
          return off + Math.max(0, least - value, value - most);
        }, 0) < tolerance;
      for (let y = 8; y < image.height - 8; y += 2) {
        for (let x = 8; x < image.width - 8; x += 2) {
          const at = (dx: number, dy: number) => ((y + dy) * image.width + x + dx) * 4;
          if ([at(0, 0), at(8, 0), at(-8, 0), at(0, 8), at(0, -8)].every(near)) {
            // The screenshot is in device pixels; the mouse moves in CSS pixels.
            return { x: x / window.devicePixelRatio, y: y / window.devicePixelRatio };
          }
        }
      }
      return null;
    },
    { png: shot.toString('base64'), rgb, opacity, tolerance },
  );
}
