import { Box, Button, Group, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { FieldsMapBase } from '@/features/fields/components/fields-map';
import { FieldsScreen } from '@/features/fields/components/fields-screen';
import { HelpLink } from '@/features/help';
import { maplibre } from '@/features/map/utils/load-maplibre';
import { absoluteTileUrl, mapSlots, offlineStyle } from '@/features/map/utils/map-style';
import { routePaths } from '@/lib/route-names';

// The map home's base map (offline style, imagery, MapLibre and its worker) for the Fields
// screen; composed here because features do not import each other.
const base: FieldsMapBase = {
  mapLib: maplibre,
  style: offlineStyle,
  slots: { imagery: mapSlots.imagery, fields: mapSlots.fields, labels: mapSlots.labels },
  tileUrl: absoluteTileUrl,
};

/** Fields (menu "Fields"): draw, edit, import and export the organization's field boundaries. */
export function FieldsRoute() {
  return (
    <Box
      h="calc(100dvh - var(--app-shell-header-offset, 0px))"
      style={{ display: 'flex', flexDirection: 'column' }}
    >
      <Group justify="space-between" px="md" py="xs" style={{ borderBottom: '1px solid #dee2e6' }}>
        <Title order={1} size="h3">
          Fields
        </Title>
        <Group gap="md" wrap="nowrap">
          <HelpLink slug="fields" />
          <Button component={Link} to={routePaths.home} variant="default">
            Back to the map
          </Button>
        </Group>
      </Group>
      <FieldsScreen base={base} />
    </Box>
  );
}
