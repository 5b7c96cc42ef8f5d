import type { Map as MapLibreMap } from 'maplibre-gl';
import { useEffect, useEffectEvent, useReducer } from 'react';
import { createPortal } from 'react-dom';
import { useControl, useMap } from 'react-map-gl/maplibre';
import { AreaSelectButton } from '@/features/map/components/area-select-button';
import { useAreaDrag } from '@/features/map/hooks/use-area-drag';
import { areaRectangle } from '@/features/map/utils/area-bounds';
import type { ViewBounds } from '@/features/map/utils/view-query';
import classes from './area-selection.module.css';

interface AreaSelectionProps {
  /** The map is in its area selection mode: a drag draws an area instead of moving the map. */
  active: boolean;
  onActiveChange: (active: boolean) => void;
  /** The area drawn, shown until another is drawn or the mode is left. */
  box: ViewBounds | null;
  onDrawn: (box: ViewBounds) => void;
}

/** A box of the map's own controls, above the zoom buttons (controls added later stand higher). */
function useControlBox(): HTMLElement {
  return useControl(
    () => {
      const element = document.createElement('div');
      element.className = `maplibregl-ctrl maplibregl-ctrl-group ${classes.control}`;
      return { element, onAdd: () => element, onRemove: () => element.remove() };
    },
    { position: 'bottom-right' },
  ).element;
}

/** Renders again as the map moves, for what is drawn at places on the ground. */
function useMapMoves(map: MapLibreMap | undefined) {
  const [, moved] = useReducer((count: number) => count + 1, 0);
  useEffect(() => {
    if (!map) return;
    map.on('move', moved);
    map.on('resize', moved);
    return () => {
      map.off('move', moved);
      map.off('resize', moved);
    };
  }, [map]);
}

interface AreaDrawingProps extends Pick<AreaSelectionProps, 'box' | 'onDrawn'> {
  onLeave: () => void;
}

/** The area under way, or drawn (following the map as it zooms); Esc leaves the mode. */
function AreaDrawing({ box, onDrawn, onLeave }: AreaDrawingProps) {
  const map = useMap().current?.getMap();
  const drag = useAreaDrag(map, onDrawn);
  useMapMoves(map);
  const leave = useEffectEvent(onLeave);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      // Esc in a field (the new load's name, the list of loads) is the field's own.
      const inField = event.target instanceof Element && event.target.closest('input, textarea');
      if (event.key === 'Escape' && !inField) leave();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const rectangle = drag
    ? areaRectangle(drag.start, drag.end)
    : box && map
      ? areaRectangle(map.project([box.west, box.north]), map.project([box.east, box.south]))
      : null;
  return rectangle && <div className={classes.area} style={rectangle} data-testid="map-area" />;
}

/**
 * The map's "Select an area" control (owner or manager) and, in its mode, the area dragged out
 * on the map, whose bales the map home offers to a load. Inside the map only.
 */
export function AreaSelection({ active, onActiveChange, box, onDrawn }: AreaSelectionProps) {
  const controlBox = useControlBox();
  return (
    <>
      {createPortal(
        <AreaSelectButton active={active} onToggle={() => onActiveChange(!active)} />,
        controlBox,
      )}
      {active && <AreaDrawing box={box} onDrawn={onDrawn} onLeave={() => onActiveChange(false)} />}
    </>
  );
}
