/** Pixels kept clear on each side of the map. */
export interface MapPadding {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/** Below this width the map is a phone's: panels shrink to a strip above and below. */
export const SMALL_MAP_WIDTH = 700;

/**
 * The room the floating panels take over the map, so a fitted view (the farm, a cluster, a
 * field) lands where nothing covers it: the legend and the in-view list on the left, the zoom
 * buttons at the bottom right, a details panel on the right when one is open.
 *
 * @example mapPadding(1440, 840, false).left // 290: right of the legend
 */
export function mapPadding(width: number, height: number, detailsOpen: boolean): MapPadding {
  if (width < SMALL_MAP_WIDTH) {
    // A phone: the collapsed legend above, notices, the in-view summary and the chat below, the
    // zoom buttons at the right; details cover the map.
    return { top: 70, bottom: 180, left: 24, right: 72 };
  }
  const side = Math.min(290, Math.round(width * 0.3));
  const details = detailsOpen ? Math.min(400, Math.round(width * 0.35)) : 60;
  const vertical = Math.min(60, Math.round(height * 0.08));
  return { top: vertical, bottom: vertical + 40, left: side, right: details };
}
