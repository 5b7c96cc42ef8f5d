import { describe, expect, it } from 'vitest';
import { defaultImagery, imageryOrigin } from './imagery.ts';

describe('imageryOrigin', () => {
  it('reads the origin of a tile template, placeholders and all', () => {
    expect(imageryOrigin(defaultImagery.tileUrl)).toBe('https://basemap.nationalmap.gov');
    expect(imageryOrigin('https://{s}.tiles.example:8443/{z}/{x}/{y}.png')).toBe(
      'https://s.tiles.example:8443',
    );
  });
});
