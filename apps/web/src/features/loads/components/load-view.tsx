import type { LoadResponse } from '@baletrack/contracts/loads/loads';
import { Stack } from '@mantine/core';
import { type AddBalesChoices, AddBalesPanel } from '@/features/loads/components/add-bales-panel';
import { LoadActions } from '@/features/loads/components/load-actions';
import { LoadBalesTable } from '@/features/loads/components/load-bales-table';
import { LoadFigures } from '@/features/loads/components/load-figures';
import { LoadHeader } from '@/features/loads/components/load-header';
import { LoadLinks } from '@/features/loads/components/load-links';
import { useDisplayUnits, useRfvEnabled } from '@/features/settings';
import { useMay } from '@/features/users';

interface LoadViewProps {
  load: LoadResponse;
  /** What "Add bales" picks from; the page reads them only for who may add. */
  choices: AddBalesChoices;
}

/**
 * One load below its heading: its details and actions, figures and warnings, the bales (added
 * and removed while open, by the owner or a manager) and the buyer's links.
 */
export function LoadView({ load, choices }: LoadViewProps) {
  const may = useMay();
  const units = useDisplayUnits();
  const rfvEnabled = useRfvEnabled();
  const canChange = may('loads');
  const building = canChange && load.status === 'open';
  return (
    <Stack gap="lg">
      <LoadHeader load={load} />
      <LoadActions load={load} canChange={canChange} />
      <LoadFigures load={load} units={units} rfvEnabled={rfvEnabled} />
      {building && <AddBalesPanel loadId={load.id} {...choices} />}
      <LoadBalesTable
        loadId={load.id}
        bales={load.bales}
        units={units}
        rfvEnabled={rfvEnabled}
        canRemove={building}
      />
      {canChange && <LoadLinks loadId={load.id} links={load.links} />}
    </Stack>
  );
}
