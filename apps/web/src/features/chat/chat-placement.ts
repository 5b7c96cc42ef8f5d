import { routePaths } from '@/lib/route-names';

/**
 * Where the chat's button sits, so it covers no other control (docs/product.md#support-chat):
 * on the map, the bottom-left corner, which the map's panels leave free (bale-map.module.css);
 * elsewhere the bottom-right corner, with room kept under the page to scroll its end clear.
 * Apart from the chat's lazy module, so the layout can keep that room without loading it.
 */
export const SUPPORT_CHAT_CORNER = 12;
/** The button's room from the window's bottom edge, its margin included. */
export const SUPPORT_CHAT_CLEARANCE = 56;

// The Fields screen fills the window like the map, its list keeps the room itself.
const fullWindowRoutes: string[] = [routePaths.home, routePaths.fields];

/** Room to keep under the page at `pathname`: none where the page fills the window. */
export function roomUnderPage(pathname: string): number {
  return fullWindowRoutes.includes(pathname) ? 0 : SUPPORT_CHAT_CLEARANCE + SUPPORT_CHAT_CORNER;
}
