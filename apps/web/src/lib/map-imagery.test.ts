import { describe, expect, it } from 'vitest';
import { chooseImagery, tileAt } from '@/lib/map-imagery';

describe('chooseImagery', () => {
  it("takes the operator's tile URL and credit first", () => {
    const choice = chooseImagery({
      mapTileUrl: 'https://tiles.example/{z}/{x}/{y}.jpg',
      mapTileAttribution: '© Example',
    });
    expect(choice).toMatchObject({
      tileUrl: 'https://tiles.example/{z}/{x}/{y}.jpg',
      attribution: '© Example',
      byOperator: true,
    });
    expect(choice?.bounds).toBeUndefined();
  });

  it('falls back to the public-domain USGS imagery, limited to where it has tiles', () => {
    const choice = chooseImagery({});
    expect(choice?.byOperator).toBe(false);
    expect(choice?.tileUrl).toMatch(/^https:\/\/basemap\.nationalmap\.gov\/.*\{z\}\/\{y\}\/\{x\}$/);
    expect(choice?.attribution).toMatch(/U\.S\. Geological Survey/);
    const [west, south, east, north] = choice?.bounds ?? [];
    // Kansas lies inside, Paris does not.
    expect(-98 > (west ?? 0) && -98 < (east ?? 0) && 38 > (south ?? 0) && 38 < (north ?? 0)).toBe(
      true,
    );
    expect(2.35 > (east ?? 0)).toBe(true);
  });

  it('has none when the operator turned the default off, unless they configured their own', () => {
    expect(chooseImagery({ mapDefaultImagery: false })).toBeNull();
    const own = { mapTileUrl: 'https://tiles.example/{z}/{x}/{y}.jpg', mapDefaultImagery: false };
    expect(chooseImagery(own)?.byOperator).toBe(true);
  });
});

describe('tileAt', () => {
  it('fills the placeholders wherever the template puts them', () => {
    expect(tileAt('https://t.example/{z}/{y}/{x}', 3, 1, 2)).toBe('https://t.example/3/2/1');
    expect(tileAt('https://t.example/{z}/{x}/{y}.png', 0, 0, 0)).toBe(
      'https://t.example/0/0/0.png',
    );
  });
});
