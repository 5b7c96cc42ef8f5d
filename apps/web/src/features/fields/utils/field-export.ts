import type { Field } from '@baletrack/contracts/fields/field';
import type { Feature, FeatureCollection, MultiPolygon, Polygon } from 'geojson';

/**
 * Fields as the GeoJSON the conversion API reads (`convertedFeatureSchema`): the name is the
 * attribute other software shows, the boundary the geometry, holes and parts as stored.
 */
export function fieldsExportCollection(
  fields: readonly Field[],
): FeatureCollection<Polygon | MultiPolygon, { name: string }> {
  return {
    type: 'FeatureCollection',
    features: fields.map(
      (field): Feature<Polygon | MultiPolygon, { name: string }> => ({
        type: 'Feature',
        properties: { name: field.name },
        geometry: field.boundary,
      }),
    ),
  };
}
