import { useCallback, useMemo } from 'react';
import { useFields } from '@/features/fields';

/** A lookup of the organization's field names by id, for naming bales. */
export function useFieldNames(): (fieldId: string) => string | undefined {
  const fields = useFields();
  const names = useMemo(
    () => new Map((fields.data?.fields ?? []).map((field) => [field.id, field.name])),
    [fields.data],
  );
  return useCallback((fieldId: string) => names.get(fieldId), [names]);
}
