import { Paper, type PaperProps, SegmentedControl } from '@mantine/core';

export type Imagery = 'map' | 'satellite';

interface ImagerySwitchProps extends PaperProps {
  value: Imagery;
  onChange: (imagery: Imagery) => void;
}

/** Plain map or the operator's satellite imagery (shown only when MAP_TILE_URL is set). */
export function ImagerySwitch({ value, onChange, ...paper }: ImagerySwitchProps) {
  return (
    <Paper shadow="sm" p={4} radius="md" {...paper}>
      <SegmentedControl
        size="xs"
        aria-label="Map background"
        value={value}
        onChange={(next) => onChange(next as Imagery)}
        data={[
          { label: 'Plain map', value: 'map' },
          { label: 'Satellite', value: 'satellite' },
        ]}
      />
    </Paper>
  );
}
