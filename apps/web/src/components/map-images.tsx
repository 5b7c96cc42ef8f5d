import { useEffect } from 'react';
import { useMap } from 'react-map-gl/maplibre';
import { drawIcon, iconPixelRatio } from '@/lib/map-icons';
import { drawLabel, parseLabelId } from '@/lib/map-labels';

/**
 * Supplies the images the layers name (bale icons, text labels) when MapLibre first needs
 * them, so no sprite is downloaded and labels exist only for the texts actually shown.
 */
export function MapImages() {
  const { current } = useMap();
  const map = current?.getMap();

  useEffect(() => {
    if (!map) return;
    map.setMissingStyleImageResolver((id) => {
      if (map.hasImage(id)) return;
      const iconRatio = iconPixelRatio(window.devicePixelRatio);
      const icon = drawIcon(id, iconRatio);
      if (icon) {
        map.addImage(id, icon, { pixelRatio: iconRatio });
        return;
      }
      const label = parseLabelId(id);
      if (!label) return;
      const pixelRatio = Math.max(1, Math.round(window.devicePixelRatio || 1));
      const image = drawLabel(label.style, label.text, pixelRatio);
      if (image) map.addImage(id, image, { pixelRatio });
    });
    return () => {
      map.setMissingStyleImageResolver(null);
    };
  }, [map]);

  return null;
}
