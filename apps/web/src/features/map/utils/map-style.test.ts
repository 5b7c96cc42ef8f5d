import { describe, expect, it } from 'vitest';
import { basemapLayerOrder } from '@/components/basemap-layers';
import { mapSlots, offlineStyle } from '@/features/map/utils/map-style';

describe('the map style and the basemap', () => {
  it('asks for nothing outside its own server', () => {
    expect(offlineStyle.sources).toEqual({});
    expect(offlineStyle.glyphs).toBeUndefined();
    expect(offlineStyle.sprite).toBeUndefined();
  });

  it('stacks imagery, fields, field names, bales and markers in that order', () => {
    const order = offlineStyle.layers.map((layer) => layer.id);
    const at = (id: string) => order.indexOf(id);
    expect(at(mapSlots.imagery)).toBeLessThan(at(mapSlots.fields));
    expect(at(mapSlots.fields)).toBeLessThan(at(mapSlots.fieldNames));
    expect(at(mapSlots.fieldNames)).toBeLessThan(at(mapSlots.bales));
    expect(at(mapSlots.bales)).toBeLessThan(at(mapSlots.labels));
    expect(at(mapSlots.labels)).toBe(order.length - 1);
  });

  it('puts land beneath the imagery, borders and place names over it and beneath the fields', () => {
    const placed = Object.fromEntries(
      basemapLayerOrder(mapSlots).map(({ layer, beforeId }) => [layer.id, beforeId]),
    );
    expect(placed.land).toBe(mapSlots.imagery);
    expect(placed.lakes).toBe(mapSlots.imagery);
    expect(placed['country-borders']).toBe(mapSlots.fields);
    expect(placed['region-names']).toBe(mapSlots.fields);
  });
});
