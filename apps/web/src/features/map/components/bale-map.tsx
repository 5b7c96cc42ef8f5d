import 'maplibre-gl/dist/maplibre-gl.css';
import type { ClustersResponse } from '@baletrack/contracts/map/map';
import { Box, Paper, Text } from '@mantine/core';
import { useMediaQuery, useReducedMotion } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import type { Point } from 'geojson';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  AttributionControl,
  Map as MapCanvas,
  type MapLayerMouseEvent,
  type MapRef,
  NavigationControl,
  ScaleControl,
} from 'react-map-gl/maplibre';
import { BasemapLayers } from '@/components/basemap-layers';
import { ImageryLayer, logMapError } from '@/components/imagery-layer';
import { ImagerySwitch } from '@/components/imagery-switch';
import { MapImages } from '@/components/map-images';
import { baleInfoQueryOptions, stackInfoQueryOptions } from '@/features/bales';
import { useClusters } from '@/features/map/api/get-clusters';
import { BaleLayers, interactiveLayers } from '@/features/map/components/bale-layers';
import { InViewPanel } from '@/features/map/components/in-view-panel';
import { LockedBalesNotice } from '@/features/map/components/locked-bales-notice';
import { type HoveredItem, MapItemPopup } from '@/features/map/components/map-item-popup';
import { MeasureLegend } from '@/features/map/components/measure-legend';
import { useMapColour } from '@/features/map/hooks/use-colour-measure';
import { useFocusLinkedSelection } from '@/features/map/hooks/use-focus-linked-selection';
import { useMapView } from '@/features/map/hooks/use-map-view';
import { useOpeningView } from '@/features/map/hooks/use-opening-view';
import { useZoomToCluster } from '@/features/map/hooks/use-zoom-to-cluster';
import { maplibre } from '@/features/map/utils/load-maplibre';
import {
  baleTotal,
  itemsWithin,
  type MapItemProperties,
  mapFeatures,
} from '@/features/map/utils/map-features';
import { mapPadding } from '@/features/map/utils/map-padding';
import type { MapSelection } from '@/features/map/utils/map-selection';
import { absoluteTileUrl, mapSlots, offlineStyle } from '@/features/map/utils/map-style';
import type { ViewBounds } from '@/features/map/utils/view-query';
import { useDisplayUnits, useRfvEnabled } from '@/features/settings';
import { useImagery } from '@/hooks/use-imagery';
import classes from './bale-map.module.css';

interface BaleMapProps {
  selection: MapSelection | null;
  onSelect: (selection: MapSelection) => void;
  /**
   * The fields' box, where the map opens when there are no bales: undefined while unknown, null
   * when it has none.
   */
  homeBounds: ViewBounds | null | undefined;
  /**
   * Another overlay has the map (a heatmap, the yield map): clusters, bales, their tooltips, list
   * and colour legend give way to it and to its own legend.
   */
  overlayActive?: boolean;
  /**
   * An area is being selected (components/area-selection): a drag draws it instead of moving the
   * map, and a click picks no bale; on a phone the panels beside the map step aside for it.
   */
  selectingArea?: boolean;
  /** Other features' layers (fields), told whether imagery lies beneath them. */
  children?: (options: { onImagery: boolean }) => ReactNode;
}

/** The layer of field names (features/fields' FieldsLayer), counted for the journeys. */
const FIELD_NAMES_LAYER = 'field-names';

const emptyItems: ClustersResponse = { clusters: [], bales: [], stacks: [], lockedCount: 0 };

/**
 * The map home: server clusters, stacks and bales of the current view (never every bale),
 * coloured by a measure, over the bundled offline style or the operator's imagery.
 */
export function BaleMap(props: BaleMapProps) {
  const { selection, onSelect, homeBounds, overlayActive = false, selectingArea = false } = props;
  const mapRef = useRef<MapRef>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const [loaded, setLoaded] = useState(false);
  const { view, query, readView, filter } = useMapView();
  const clusters = useClusters(query);
  const units = useDisplayUnits();
  const rfvEnabled = useRfvEnabled();
  // RFV off in Settings: the feed value shown is crude protein instead (and back when it is on).
  const { scale, setMeasure } = useMapColour(rfvEnabled, units);
  const data = useMemo(
    () => mapFeatures(clusters.data ?? emptyItems, rfvEnabled),
    [clusters.data, rfvEnabled],
  );
  const [hovered, setHovered] = useState<HoveredItem | null>(null);
  const reduceMotion = useReducedMotion();
  const { source, imagery, setImagery, available, onImagery } = useImagery();

  const duration = reduceMotion ? 0 : 700;
  const detailsOpen = selection !== null || selectingArea;
  // On a phone a bale's details cover the map: the panels beside the map step aside meanwhile.
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  // Measured on the map's box, which exists before the map itself is made.
  const padding = useCallback(() => {
    const box = rootRef.current;
    return mapPadding(box?.clientWidth ?? 1024, box?.clientHeight ?? 768, detailsOpen);
  }, [detailsOpen]);
  const zoomToCluster = useZoomToCluster(mapRef, { filter, padding, duration });
  const queryClient = useQueryClient();
  // Chosen from the list: its details first, then the map brings it to the middle so its ring is
  // seen beside the panel. Each frame the map draws in software holds the page up for a while, so
  // the move waits for the answer (the panel's own request, started here) and a painted frame.
  const selectFromList = (next: MapSelection, at: { lon: number; lat: number }) => {
    onSelect(next);
    const details =
      next.kind === 'bale'
        ? queryClient.fetchQuery(baleInfoQueryOptions(next.uid))
        : queryClient.fetchQuery(stackInfoQueryOptions(next.id, filter));
    const move = () => mapRef.current?.easeTo({ center: [at.lon, at.lat], duration });
    // The answer is drawn in a task of its own; the frame after it has painted it.
    void details
      .catch(() => undefined)
      .then(() => setTimeout(() => requestAnimationFrame(() => setTimeout(move))));
  };

  // How many field names the map shows (placed, not hidden by collisions), for the journeys.
  const [namesShown, setNamesShown] = useState<number>();
  const countNames = (map: MapLibreMap) =>
    setNamesShown(
      map.getLayer(FIELD_NAMES_LAYER)
        ? map.queryRenderedFeatures({ layers: [FIELD_NAMES_LAYER] }).length
        : 0,
    );

  const opening = useOpeningView(filter, homeBounds);
  const focused = useFocusLinkedSelection(mapRef, { loaded, selection });

  // A tooltip speaks of what lies under the pointer now: a move or a new answer closes it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: closes on each new answer
  useEffect(() => setHovered(null), [data]);

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
    if (item.kind === 'cluster') {
      setHovered(null);
      void zoomToCluster({
        id: Number(item.id),
        lon: hit.lon,
        lat: hit.lat,
        expansionZoom: item.expansionZoom ?? 0,
      });
    } else if (item.kind === 'stack') onSelect({ kind: 'stack', id: item.id });
    else onSelect({ kind: 'bale', uid: item.id });
  };

  // What is on screen (the query's box is wider), for the words and lists beside the map.
  const items = useMemo(
    () => (clusters.data && view ? itemsWithin(clusters.data, view.bounds) : undefined),
    [clusters.data, view],
  );
  return (
    <Box
      ref={rootRef}
      className={classes.root}
      data-testid="bale-map"
      data-state={clusters.isFetching || !items ? 'loading' : 'ready'}
      data-zoom={query?.zoom}
      data-bales={items ? baleTotal(items) : undefined}
      data-clusters={items?.clusters.length}
      data-stacks={items?.stacks.length}
      data-loose-bales={items?.bales.length}
      data-opened={loaded}
      data-focused={focused}
      data-field-names={namesShown}
      data-bale-layers={overlayActive ? 'hidden' : 'shown'}
      data-colour={scale.measure}
    >
      {opening && (
        <MapCanvas
          ref={mapRef}
          mapLib={maplibre}
          mapStyle={offlineStyle}
          // Made on the farm: the world is never drawn first, nor its clusters asked for.
          initialViewState={{
            bounds: [
              [opening.bounds.west, opening.bounds.south],
              [opening.bounds.east, opening.bounds.north],
            ],
            fitBoundsOptions: { padding: padding(), maxZoom: opening.maxZoom },
          }}
          style={{ width: '100%', height: '100%' }}
          attributionControl={false}
          dragRotate={false}
          pitchWithRotate={false}
          dragPan={!selectingArea}
          boxZoom={!selectingArea}
          interactiveLayerIds={overlayActive || selectingArea ? [] : interactiveLayers}
          cursor={selectingArea ? 'crosshair' : hovered ? 'pointer' : undefined}
          onLoad={(event) => {
            readView(event.target);
            setLoaded(true);
          }}
          onMoveStart={() => setHovered(null)}
          onIdle={(event) => countNames(event.target)}
          onMoveEnd={(event) => readView(event.target)}
          onResize={(event) => readView(event.target)}
          onClick={onClick}
          onMouseMove={(event) => {
            const next = itemAt(event);
            // A new object only when the feature changes, so the tooltip does not flicker.
            setHovered((current) =>
              next && current?.item.kind === next.item.kind && current.item.id === next.item.id
                ? current
                : next,
            );
          }}
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
          {loaded && <BasemapLayers slots={mapSlots} />}
          {onImagery && source && (
            <ImageryLayer
              id="imagery"
              source={source}
              beforeId={mapSlots.imagery}
              tileUrl={absoluteTileUrl}
            />
          )}
          {loaded && props.children?.({ onImagery })}
          {loaded && !overlayActive && (
            <BaleLayers data={data} scale={scale} selection={selection} />
          )}
          {hovered && !overlayActive && <MapItemPopup hovered={hovered} />}
        </MapCanvas>
      )}

      <div className={classes.leftColumn} hidden={phone && detailsOpen}>
        <div className={classes.stack}>
          {!overlayActive && (
            <MeasureLegend scale={scale} onMeasureChange={setMeasure} rfvEnabled={rfvEnabled} />
          )}
          {available && <ImagerySwitch value={imagery} onChange={setImagery} />}
        </div>
        <div className={classes.stack}>
          <LockedBalesNotice count={clusters.data?.lockedCount ?? 0} />
          {/* Its bales are hidden under another overlay: so is their list. */}
          {!overlayActive && (
            <InViewPanel
              items={items}
              onZoomToCluster={zoomToCluster}
              onSelect={selectFromList}
              balesQuery={query}
            />
          )}
        </div>
      </div>
      {clusters.isError && !items && (
        <Paper className={classes.center} shadow="md" p="md" radius="md" role="alert">
          <Text size="sm">The map could not load bales. It will try again shortly.</Text>
        </Paper>
      )}
      {/* Locked bales are not "no bales": the notice beside the map speaks of them instead. */}
      {view &&
        items &&
        !overlayActive &&
        !clusters.isPlaceholderData &&
        baleTotal(items) === 0 &&
        !clusters.data?.lockedCount && (
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
