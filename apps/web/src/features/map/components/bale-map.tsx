import 'maplibre-gl/dist/maplibre-gl.css';
import type { ClustersResponse, MapCluster } from '@baletrack/contracts/map/map';
import { Box, Paper, Text } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import type { Point } from 'geojson';
import { type ReactNode, useCallback, useMemo, useRef, useState } from 'react';
import {
  AttributionControl,
  Map as MapCanvas,
  type MapLayerMouseEvent,
  type MapRef,
  NavigationControl,
  ScaleControl,
} from 'react-map-gl/maplibre';
import { ImageryLayer, logMapError } from '@/components/imagery-layer';
import { ImagerySwitch } from '@/components/imagery-switch';
import { MapImages } from '@/components/map-images';
import { useClusters } from '@/features/map/api/get-clusters';
import { BaleLayers, interactiveLayers } from '@/features/map/components/bale-layers';
import { InViewPanel } from '@/features/map/components/in-view-panel';
import { LockedBalesNotice } from '@/features/map/components/locked-bales-notice';
import { type HoveredItem, MapItemPopup } from '@/features/map/components/map-item-popup';
import { MeasureLegend } from '@/features/map/components/measure-legend';
import { useColourMeasure } from '@/features/map/hooks/use-colour-measure';
import { useMapView } from '@/features/map/hooks/use-map-view';
import { useOpenOnFarm } from '@/features/map/hooks/use-open-on-farm';
import { maplibre } from '@/features/map/utils/load-maplibre';
import {
  baleTotal,
  itemsWithin,
  type MapItemProperties,
  mapFeatures,
} from '@/features/map/utils/map-features';
import type { MapSelection } from '@/features/map/utils/map-selection';
import { absoluteTileUrl, mapSlots, offlineStyle } from '@/features/map/utils/map-style';
import { measureScale } from '@/features/map/utils/measure-scale';
import type { ViewBounds } from '@/features/map/utils/view-query';
import { useDisplayUnits } from '@/features/settings';
import { useImagery } from '@/hooks/use-imagery';
import classes from './bale-map.module.css';

interface BaleMapProps {
  selection: MapSelection | null;
  onSelect: (selection: MapSelection) => void;
  /** Where the farm is (its fields): undefined while unknown, null when it has none. */
  homeBounds: ViewBounds | null | undefined;
  /** Other features' layers (fields), told whether imagery lies beneath them. */
  children?: (options: { onImagery: boolean }) => ReactNode;
}

const emptyItems: ClustersResponse = { clusters: [], bales: [], stacks: [], lockedCount: 0 };

/**
 * The map home: server clusters, stacks and bales of the current view (never every bale),
 * coloured by a measure, over the bundled offline style or the operator's imagery.
 */
export function BaleMap({ selection, onSelect, homeBounds, children }: BaleMapProps) {
  const mapRef = useRef<MapRef>(null);
  const [loaded, setLoaded] = useState(false);
  const { view, query, readView } = useMapView();
  const clusters = useClusters(query);
  const units = useDisplayUnits();
  const [measure, setMeasure] = useColourMeasure();
  const scale = useMemo(() => measureScale(measure, units), [measure, units]);
  const data = useMemo(() => mapFeatures(clusters.data ?? emptyItems), [clusters.data]);
  const [hovered, setHovered] = useState<HoveredItem | null>(null);
  const reduceMotion = useReducedMotion();
  const { source, imagery, setImagery, available, onImagery } = useImagery();

  const flyTo = useCallback(
    (lon: number, lat: number, zoom: number) =>
      mapRef.current?.easeTo({ center: [lon, lat], zoom, duration: reduceMotion ? 0 : 700 }),
    [reduceMotion],
  );
  const zoomToCluster = (cluster: MapCluster) =>
    flyTo(cluster.lon, cluster.lat, cluster.expansionZoom);
  // Chosen from the list: bring it to the middle so its highlight is seen beside the panel.
  const selectFromList = (next: MapSelection, at: { lon: number; lat: number }) => {
    onSelect(next);
    flyTo(at.lon, at.lat, mapRef.current?.getZoom() ?? 0);
  };

  useOpenOnFarm(mapRef, {
    loaded,
    homeBounds,
    items: clusters.data,
    itemsArePlaceholder: clusters.isPlaceholderData,
  });

  const itemAt = (event: MapLayerMouseEvent): HoveredItem | null => {
    const feature = event.features?.[0];
    if (!feature) return null;
    const [lon = 0, lat = 0] = (feature.geometry as Point).coordinates;
    return { item: feature.properties as MapItemProperties, lon, lat };
  };
  const onClick = (event: MapLayerMouseEvent) => {
    const hit = itemAt(event);
    if (!hit) return;
    const { item } = hit;
    if (item.kind === 'cluster') flyTo(hit.lon, hit.lat, item.expansionZoom ?? 0);
    else if (item.kind === 'stack') onSelect({ kind: 'stack', id: item.id });
    else onSelect({ kind: 'bale', uid: item.id });
  };

  // What is on screen (the query's box is wider), for the words and lists beside the map.
  const items = useMemo(
    () => (clusters.data && view ? itemsWithin(clusters.data, view.bounds) : undefined),
    [clusters.data, view],
  );
  return (
    <Box
      className={classes.root}
      data-testid="bale-map"
      data-state={clusters.isFetching || !items ? 'loading' : 'ready'}
      data-zoom={query?.zoom}
      data-bales={items ? baleTotal(items) : undefined}
      data-clusters={items?.clusters.length}
      data-stacks={items?.stacks.length}
      data-loose-bales={items?.bales.length}
    >
      <MapCanvas
        ref={mapRef}
        mapLib={maplibre}
        mapStyle={offlineStyle}
        initialViewState={{ longitude: -40, latitude: 30, zoom: 1.5 }}
        style={{ width: '100%', height: '100%' }}
        attributionControl={false}
        dragRotate={false}
        pitchWithRotate={false}
        interactiveLayerIds={interactiveLayers}
        cursor={hovered ? 'pointer' : undefined}
        onLoad={(event) => {
          readView(event.target);
          setLoaded(true);
        }}
        onMoveEnd={(event) => readView(event.target)}
        onResize={(event) => readView(event.target)}
        onClick={onClick}
        onMouseMove={(event) => setHovered(itemAt(event))}
        onMouseLeave={() => setHovered(null)}
        onError={(event) => logMapError(event, 'imagery')}
      >
        <MapImages />
        <AttributionControl position="bottom-right" compact />
        <ScaleControl
          position="bottom-right"
          unit={units.system === 'MetricSI' ? 'metric' : 'imperial'}
        />
        <NavigationControl position="bottom-right" showCompass={false} />
        {onImagery && (
          <ImageryLayer
            id="imagery"
            source={source}
            beforeId={mapSlots.imagery}
            tileUrl={absoluteTileUrl}
          />
        )}
        {loaded && children?.({ onImagery })}
        {loaded && <BaleLayers data={data} scale={scale} selection={selection} />}
        {hovered && <MapItemPopup hovered={hovered} />}
      </MapCanvas>

      <div className={classes.leftColumn}>
        <div className={classes.stack}>
          <MeasureLegend scale={scale} onMeasureChange={setMeasure} />
          {available && <ImagerySwitch value={imagery} onChange={setImagery} />}
        </div>
        <div className={classes.stack}>
          <LockedBalesNotice count={clusters.data?.lockedCount ?? 0} />
          <InViewPanel items={items} onZoomToCluster={zoomToCluster} onSelect={selectFromList} />
        </div>
      </div>
      {clusters.isError && !items && (
        <Paper className={classes.center} shadow="md" p="md" radius="md" role="alert">
          <Text size="sm">The map could not load bales. It will try again shortly.</Text>
        </Paper>
      )}
      {view && items && !clusters.isPlaceholderData && baleTotal(items) === 0 && (
        <Paper className={classes.center} shadow="md" p="md" radius="md">
          <Text size="sm" fw={600}>
            No bales here
          </Text>
          <Text size="sm" c="dimmed">
            Bales appear when your balers report them; try another year or zoom out.
          </Text>
        </Paper>
      )}
    </Box>
  );
}
