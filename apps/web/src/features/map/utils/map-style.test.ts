import { describe, expect, it } from 'vitest';
import { basemapLayers, baseStyle, mapSlots } from '@/features/map/utils/map-style';

describe('baseStyle', () => {
  const style = baseStyle('https://farm.example');
  const order = style.layers.map((layer) => layer.id);

  it('draws the bundled Natural Earth layers from its own server, nothing else', () => {
    expect(Object.keys(style.sources).sort()).toEqual([...basemapLayers].sort());
    for (const source of Object.values(style.sources)) {
      expect(source).toMatchObject({ type: 'geojson' });
      expect((source as { data: string }).data).toMatch(/^https:\/\/farm\.example\/basemap\//);
    }
    expect(style.glyphs).toBeUndefined();
    expect(style.sprite).toBeUndefined();
  });

  it('stacks imagery over the land, then borders and place names, fields, bales, field names', () => {
    const at = (id: string) => order.indexOf(id);
    expect(at('land')).toBeLessThan(at(mapSlots.imagery));
    expect(at(mapSlots.imagery)).toBeLessThan(at('country-borders'));
    expect(at('country-names')).toBeLessThan(at(mapSlots.fields));
    expect(at(mapSlots.fields)).toBeLessThan(at(mapSlots.bales));
    expect(at(mapSlots.bales)).toBeLessThan(at(mapSlots.labels));
    expect(at(mapSlots.labels)).toBe(order.length - 1);
  });
});
