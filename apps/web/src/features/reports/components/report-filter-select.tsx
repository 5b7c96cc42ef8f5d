import { Select } from '@mantine/core';

interface ReportFilterSelectProps {
  filters: { id: string; name: string }[];
  value: string | undefined;
  onChange: (id: string | undefined) => void;
  loading: boolean;
}

/** The saved filter a report is of. */
export function ReportFilterSelect({ filters, value, onChange, loading }: ReportFilterSelectProps) {
  return (
    <Select
      label="Filter"
      placeholder={loading ? 'Loading filters…' : 'Choose a saved filter'}
      data={filters.map((filter) => ({ value: filter.id, label: filter.name }))}
      value={value ?? null}
      onChange={(id) => onChange(id ?? undefined)}
      searchable
      nothingFoundMessage="No filter by that name"
      disabled={loading}
      w={{ base: '100%', sm: 280 }}
      allowDeselect={false}
    />
  );
}
