import { Menu } from '@mantine/core';
import { useHeatmapParams } from '@/features/heatmaps/hooks/use-heatmap-params';

/** The map menu's "Heatmap" entry (docs/product.md#heatmaps): turns heatmap mode on or off. */
export function HeatmapMenuItem() {
  const [heatmap, setHeatmap] = useHeatmapParams();
  const on = heatmap.type !== undefined;
  return (
    <Menu.Item
      onClick={() => setHeatmap({ type: on ? undefined : 'Overlay' })}
      rightSection={on ? <span aria-hidden="true">✓</span> : undefined}
    >
      Heatmap
    </Menu.Item>
  );
}
