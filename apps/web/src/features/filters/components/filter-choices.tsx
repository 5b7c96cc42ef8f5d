import { type BaleSize, baleSizeLabels, baleSizeOptions } from '@baletrack/contracts/bales/bale';
import type { SaveFilterRequest } from '@baletrack/contracts/filters/filter';
import { type HayGrade, hayGrades } from '@baletrack/contracts/inventory/hay-grade';
import { hayGradeLabel } from '@baletrack/domain/quality-grade/hay-grade';
import { MultiSelect, SimpleGrid } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useBalerChoices } from '@/features/filters/api/get-baler-choices';
import { useCropChoices } from '@/features/filters/api/get-crop-choices';
import { useCuttingChoices } from '@/features/filters/api/get-cutting-choices';
import { useFieldChoices } from '@/features/filters/api/get-field-choices';
import {
  balerOptions,
  cuttingGroups,
  groupsWithChosen,
  namedOptions,
  withChosen,
} from '@/features/filters/utils/choice-options';

/** The lists a filter narrows by; empty means "all". */
export type Choices = Pick<
  SaveFilterRequest,
  'fieldIds' | 'cuttingIds' | 'cropIds' | 'balerIds' | 'baleSizes' | 'grades'
>;

interface FilterChoicesProps {
  value: Choices;
  onChange: (change: Partial<Choices>) => void;
  /** Problems by list ('fieldIds', …), e.g. the server's "do not exist". */
  errors: Record<string, string>;
}

const gradeOptions = hayGrades.map((grade) => ({ value: grade, label: hayGradeLabel(grade) }));
const sizeOptions = baleSizeOptions.map((size) => ({ value: size, label: baleSizeLabels[size] }));

/** What a list shows while its options load or when they could not be loaded. */
function state(query: UseQueryResult, what: string, error: string | undefined) {
  return {
    disabled: query.isPending,
    error: error ?? (query.isError ? `The ${what} could not be loaded.` : undefined),
  };
}

/** How a chosen id missing from the options is named: deleted only once the list is in. */
const missing = (query: UseQueryResult, what: string) =>
  query.isSuccess ? `Deleted ${what}` : `Chosen ${what}`;

/** Multi-selects for the fields, cuttings, crops, balers, sizes and grades a filter keeps. */
export function FilterChoices({ value, onChange, errors }: FilterChoicesProps) {
  const fields = useFieldChoices();
  const cuttings = useCuttingChoices();
  const crops = useCropChoices();
  const balers = useBalerChoices();
  const common = { searchable: true, clearable: true, nothingFoundMessage: 'Nothing found' };

  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <MultiSelect
        {...common}
        label="Fields"
        placeholder={value.fieldIds.length === 0 ? 'All fields' : undefined}
        data={withChosen(
          namedOptions(fields.data?.fields ?? []),
          value.fieldIds,
          missing(fields, 'field'),
        )}
        value={value.fieldIds}
        onChange={(fieldIds) => onChange({ fieldIds })}
        {...state(fields, 'fields', errors.fieldIds)}
      />
      <MultiSelect
        {...common}
        label="Cuttings"
        placeholder={value.cuttingIds.length === 0 ? 'All cuttings' : undefined}
        data={groupsWithChosen(
          cuttingGroups(cuttings.data?.cuttings ?? [], crops.data?.crops ?? []),
          value.cuttingIds,
          missing(cuttings, 'cutting'),
        )}
        value={value.cuttingIds}
        onChange={(cuttingIds) => onChange({ cuttingIds })}
        {...state(cuttings, 'cuttings', errors.cuttingIds)}
      />
      <MultiSelect
        {...common}
        label="Crops"
        placeholder={value.cropIds.length === 0 ? 'All crops' : undefined}
        data={withChosen(
          namedOptions(crops.data?.crops ?? []),
          value.cropIds,
          missing(crops, 'crop'),
        )}
        value={value.cropIds}
        onChange={(cropIds) => onChange({ cropIds })}
        {...state(crops, 'crops', errors.cropIds)}
      />
      <MultiSelect
        {...common}
        label="Balers"
        placeholder={value.balerIds.length === 0 ? 'All balers' : undefined}
        data={withChosen(
          balerOptions(balers.data?.balers ?? []),
          value.balerIds,
          missing(balers, 'baler'),
        )}
        value={value.balerIds}
        onChange={(balerIds) => onChange({ balerIds })}
        {...state(balers, 'balers', errors.balerIds)}
      />
      <MultiSelect
        {...common}
        label="Bale sizes"
        placeholder={value.baleSizes.length === 0 ? 'All sizes' : undefined}
        data={sizeOptions}
        value={value.baleSizes}
        onChange={(sizes) => onChange({ baleSizes: sizes as BaleSize[] })}
        error={errors.baleSizes}
      />
      <MultiSelect
        {...common}
        label="Quality grades"
        placeholder={(value.grades ?? []).length === 0 ? 'All grades' : undefined}
        data={gradeOptions}
        value={value.grades ?? []}
        onChange={(grades) => onChange({ grades: grades as HayGrade[] })}
        error={errors.grades}
      />
    </SimpleGrid>
  );
}
