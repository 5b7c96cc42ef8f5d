import { describe, expect, it } from 'vitest';
import { drawIcon, iconImage, iconPixelRatio, mapIcons, parseIconId } from '@/lib/map-icons';

/** The RGBA of the image's pixel at (x, y). */
function pixel(image: { width: number; data: Uint8Array }, x: number, y: number): number[] {
  const i = (y * image.width + x) * 4;
  return [...image.data.slice(i, i + 4)];
}

describe('bale icons', () => {
  it('names an icon by its shape and colour, as the layers ask for it', () => {
    const image = iconImage(mapIcons.roundBale, ['get', 'colour']);
    expect(image).toEqual(['concat', 'icon:', 'bale-round', ':', ['get', 'colour']]);
    expect(parseIconId('icon:bale-square:#41ab5d')).toEqual({
      shape: 'bale-square',
      rgb: [0x41, 0xab, 0x5d],
    });
  });

  it('draws the shape in its colour inside a dark outline, clear around it', () => {
    const icon = drawIcon('icon:bale-round:#f16913');
    if (!icon) throw new Error('no icon drawn');
    const middle = Math.floor(icon.width / 2);
    expect(pixel(icon, middle, middle)).toEqual([0xf1, 0x69, 0x13, 255]);
    // Two pixels outside the disc's edge: the outline, dark and nearly opaque.
    expect(pixel(icon, middle, 3)).toEqual([28, 32, 20, 230]);
    expect(pixel(icon, 0, 0)).toEqual([0, 0, 0, 0]);
  });

  it('draws sharper on dense screens: the same icon on twice the pixels', () => {
    expect(iconPixelRatio(1)).toBe(2);
    expect(iconPixelRatio(2)).toBe(4);
    const plain = drawIcon('icon:bale-stack:#41ab5d', iconPixelRatio(1));
    const dense = drawIcon('icon:bale-stack:#41ab5d', iconPixelRatio(2));
    if (!plain || !dense) throw new Error('no icon drawn');
    expect([dense.width, dense.height]).toEqual([2 * plain.width, 2 * plain.height]);
    // The top bale's middle, and the outline above it, at the same place on both.
    expect(pixel(dense, dense.width / 2, 2 * 13)).toEqual(pixel(plain, plain.width / 2, 13));
    expect(pixel(dense, dense.width / 2, 2 * 4)).toEqual([28, 32, 20, 230]);
    expect(pixel(plain, plain.width / 2, 4)).toEqual([28, 32, 20, 230]);
  });

  it('draws nothing for ids that are not its own, or colours it cannot read', () => {
    for (const id of [
      'label:count:12',
      'icon:bale-round',
      'icon:bale-round:red',
      'icon:bale-round:#12345',
      'icon:toString:#123456',
      'icon:__proto__:#123456',
      'bale-round',
    ]) {
      expect(drawIcon(id), id).toBeNull();
    }
  });
});
