import 'maplibre-gl/dist/maplibre-gl.css';
import type { Field } from '@baletrack/contracts/fields/field';
import { Box } from '@mantine/core';
import type { FeatureCollection, MultiPolygon, Polygon } from 'geojson';
import type { Map as MapLibreMap, StyleSpecification } from 'maplibre-gl';
import { useEffect, useMemo, useRef, useState } from 'react';
import {
  AttributionControl,
  Layer,
  Map as MapCanvas,
  type MapLayerMouseEvent,
  type MapRef,
  NavigationControl,
  ScaleControl,
  Source,
} from 'react-map-gl/maplibre';
import { BasemapLayers } from '@/components/basemap-layers';
import { ImageryLayer, logMapError } from '@/components/imagery-layer';
import { ImagerySwitch } from '@/components/imagery-switch';
import { MapImages } from '@/components/map-images';
import { fieldFeatures, fieldLabelPoints } from '@/features/fields/utils/field-features';
import { useDisplayUnits } from '@/features/settings';
import { useImagery } from '@/hooks/use-imagery';
import { labelImage } from '@/lib/map-labels';

/** The base map the fields are drawn on, shared with the map home (passed in by the route). */
export interface FieldsMapBase {
  mapLib: Promise<typeof import('maplibre-gl')>;
  style: StyleSpecification;
  /** Layer ids the imagery, the field outlines and the field names go beneath. */
  slots: { imagery: string; fields: string; labels: string };
  /** The operator's tile URL made absolute for MapLibre's worker. */
  tileUrl: (template: string) => string;
}

export interface MapFocus {
  /** A new key moves the map again. */
  key: string;
  bounds: { west: number; south: number; east: number; north: number };
}

interface FieldsMapProps {
  base: FieldsMapBase;
  fields: Field[];
  /** The field being edited: drawn by terra-draw instead. */
  hiddenFieldId?: string;
  /** Fields picked in the list, outlined stronger. */
  highlightedIds: ReadonlySet<string>;
  /** Features of a file being imported, previewed before saving. */
  preview?: FeatureCollection<Polygon | MultiPolygon>;
  focus: MapFocus | null;
  /** Clicking an outline, while nothing is being drawn. */
  onPickField?: (id: string) => void;
  onMapReady: (map: MapLibreMap | null) => void;
}

/** The Fields screen's map: outlines of the organization's fields over the plain map or imagery. */
export function FieldsMap(props: FieldsMapProps) {
  const { base, fields, hiddenFieldId, highlightedIds, preview, focus, onPickField } = props;
  const { onMapReady } = props;
  const mapRef = useRef<MapRef>(null);
  const units = useDisplayUnits();
  const { source, imagery, setImagery, available, onImagery } = useImagery();
  const [loaded, setLoaded] = useState(false);
  // Names placed on the map (collisions hide some), reported for the journeys.
  const [namesShown, setNamesShown] = useState<number>();

  const outlines = useMemo(() => {
    const collection = fieldFeatures(fields.filter((field) => field.id !== hiddenFieldId));
    for (const feature of collection.features) {
      Object.assign(feature.properties, { picked: highlightedIds.has(feature.properties.id) });
    }
    return collection;
  }, [fields, hiddenFieldId, highlightedIds]);
  const names = useMemo(
    () => fieldLabelPoints(fields.filter((field) => field.id !== hiddenFieldId)),
    [fields, hiddenFieldId],
  );

  useEffect(() => {
    const map = mapRef.current;
    if (!loaded || !map || !focus) return;
    const { west, south, east, north } = focus.bounds;
    map.fitBounds(
      [
        [west, south],
        [east, north],
      ],
      { padding: 60, maxZoom: 17, duration: 0 },
    );
  }, [loaded, focus]);

  useEffect(() => () => onMapReady(null), [onMapReady]);

  const onClick = (event: MapLayerMouseEvent) => {
    const id = event.features?.[0]?.properties?.id;
    if (typeof id === 'string') onPickField?.(id);
  };

  return (
    <Box
      pos="relative"
      h="100%"
      data-testid="fields-map"
      data-state={loaded ? 'ready' : 'loading'}
      data-field-names={namesShown}
    >
      <MapCanvas
        ref={mapRef}
        mapLib={base.mapLib}
        mapStyle={base.style}
        initialViewState={{ longitude: -40, latitude: 30, zoom: 1.5 }}
        style={{ width: '100%', height: '100%' }}
        attributionControl={false}
        dragRotate={false}
        pitchWithRotate={false}
        doubleClickZoom={false}
        interactiveLayerIds={onPickField ? ['fields-screen-fill'] : []}
        onClick={onClick}
        onError={(event) => logMapError(event, 'fields-screen-imagery')}
        onIdle={(event) => {
          const map = event.target;
          const layers = map.getLayer('fields-screen-names') ? ['fields-screen-names'] : [];
          setNamesShown(layers.length ? map.queryRenderedFeatures({ layers }).length : 0);
        }}
        onLoad={(event) => {
          setLoaded(true);
          onMapReady(event.target);
        }}
      >
        <MapImages />
        {/* Top right: the bottom-right corner is the support chat's on this screen. */}
        <NavigationControl position="top-right" showCompass={false} />
        <AttributionControl position="top-right" compact />
        <ScaleControl
          position="top-right"
          unit={units.system === 'MetricSI' ? 'metric' : 'imperial'}
        />
        {loaded && <BasemapLayers slots={base.slots} />}
        {onImagery && source && (
          <ImageryLayer
            id="fields-screen-imagery"
            source={source}
            beforeId={base.slots.imagery}
            tileUrl={base.tileUrl}
          />
        )}
        {loaded && (
          <Source id="fields-screen" type="geojson" data={outlines}>
            <Layer
              id="fields-screen-fill"
              type="fill"
              beforeId={base.slots.fields}
              paint={{ 'fill-color': '#b5c98a', 'fill-opacity': onImagery ? 0.12 : 0.35 }}
            />
            <Layer
              id="fields-screen-outline"
              type="line"
              beforeId={base.slots.fields}
              paint={{
                'line-color': [
                  'case',
                  ['get', 'picked'],
                  '#1c7ed6',
                  onImagery ? '#fff6c9' : '#5d6b2f',
                ],
                'line-width': ['case', ['get', 'picked'], 3, 1.5],
              }}
            />
          </Source>
        )}
        {loaded && (
          // Names over everything, giving way to each other where they would collide.
          <Source id="fields-screen-names" type="geojson" data={names}>
            <Layer
              id="fields-screen-names"
              type="symbol"
              beforeId={base.slots.labels}
              minzoom={11}
              layout={{ 'icon-image': labelImage('field', 'name'), 'icon-padding': 4 }}
            />
          </Source>
        )}
        {loaded && preview && (
          <Source id="fields-import-preview" type="geojson" data={preview}>
            <Layer
              id="fields-import-preview-fill"
              type="fill"
              beforeId={base.slots.fields}
              paint={{ 'fill-color': '#1c7ed6', 'fill-opacity': 0.2 }}
            />
            <Layer
              id="fields-import-preview-outline"
              type="line"
              beforeId={base.slots.fields}
              paint={{ 'line-color': '#1c7ed6', 'line-width': 2, 'line-dasharray': [2, 1] }}
            />
          </Source>
        )}
      </MapCanvas>
      {available && (
        <ImagerySwitch value={imagery} onChange={setImagery} pos="absolute" top={12} left={12} />
      )}
    </Box>
  );
}
