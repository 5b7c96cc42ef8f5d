import { Button, Text } from '@mantine/core';
import { DetailsPanelFrame } from '@/features/bales/components/details-panel-frame';
import { AddToLoad } from '@/features/loads/components/add-to-load';
import type { ViewBounds } from '@/features/map/utils/view-query';

interface HomeAreaPanelProps {
  /** The area drawn on the map. */
  box: ViewBounds;
  /** Leaves the area selection, the area with it. */
  onCancel: () => void;
}

/** The bales of an area drawn on the map, offered to a load (region 'Bales in this area'). */
export function HomeAreaPanel({ box, onCancel }: HomeAreaPanelProps) {
  return (
    <DetailsPanelFrame label="Bales in this area" title="Bales in this area" onClose={onCancel}>
      <Text size="sm" c="dimmed">
        Every bale lying in this area now, whenever it was made and whatever the map's filter. Drag
        again to draw another area.
      </Text>
      {/* A new area starts the form afresh. */}
      <AddToLoad key={Object.values(box).join()} pick={{ box }} />
      <Button variant="default" size="xs" onClick={onCancel} style={{ alignSelf: 'flex-start' }}>
        Cancel
      </Button>
    </DetailsPanelFrame>
  );
}
