import { useMemo } from 'react';
import { Layer, Source } from 'react-map-gl/maplibre';
import { useFields } from '@/features/fields/api/get-fields';
import { fieldFeatures, fieldLabelPoints } from '@/features/fields/utils/field-features';
import { fieldNameLayer } from '@/features/fields/utils/field-name-layer';

interface FieldsLayerProps {
  /** The layer the outlines go beneath (the map's fields slot). */
  beforeId: string;
  /**
   * The layer the names go beneath: the field names' slot under the bales, so the cluster and
   * stack counts are placed first and a name moves off them or gives way (fieldNameLayer).
   */
  namesBeforeId: string;
  /** Imagery beneath: outlines turn light to stay visible on dark photos. */
  onImagery: boolean;
}

/** The organization's field outlines, a light fill and their names when zoomed in. */
export function FieldsLayer({ beforeId, namesBeforeId, onImagery }: FieldsLayerProps) {
  const fields = useFields();
  const outlines = useMemo(() => fieldFeatures(fields.data?.fields ?? []), [fields.data]);
  const names = useMemo(() => fieldLabelPoints(fields.data?.fields ?? []), [fields.data]);

  return (
    <>
      <Source id="fields" type="geojson" data={outlines}>
        <Layer
          id="field-fill"
          type="fill"
          beforeId={beforeId}
          paint={{ 'fill-color': '#b5c98a', 'fill-opacity': onImagery ? 0.08 : 0.35 }}
        />
        <Layer
          id="field-outline"
          type="line"
          beforeId={beforeId}
          paint={{
            'line-color': onImagery ? '#fff6c9' : '#5d6b2f',
            'line-width': ['interpolate', ['linear'], ['zoom'], 10, 1, 16, 2.5],
          }}
        />
      </Source>
      <Source id="field-names" type="geojson" data={names}>
        <Layer id="field-names" type="symbol" beforeId={namesBeforeId} {...fieldNameLayer} />
      </Source>
    </>
  );
}
