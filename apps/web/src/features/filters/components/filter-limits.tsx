import type { FilterAttribute } from '@baletrack/contracts/filters/filter';
import { SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { type AttributeInfo, limitSymbol } from '@/features/filters/utils/filter-units';
import { useDisplayUnits } from '@/features/settings';

/** What is typed in each attribute's min and max boxes, in the organization's units. */
export type LimitTexts = Record<FilterAttribute, { min: string; max: string }>;

interface FilterLimitsProps {
  attributes: AttributeInfo[];
  limits: LimitTexts;
  /** Problems by 'ranges.<attribute>.<min|max>'. */
  errors: Record<string, string>;
  onChange: (attribute: FilterAttribute, bound: 'min' | 'max', text: string) => void;
}

/** A min and a max box per attribute; the unit is in each label ('Weight minimum (lb)'). */
export function FilterLimits({ attributes, limits, errors, onChange }: FilterLimitsProps) {
  const units = useDisplayUnits();
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        Limits (leave a box empty for no limit)
      </Text>
      {attributes.map((info) => {
        const symbol = limitSymbol(info, units);
        const label = (bound: string) => `${info.label} ${bound}${symbol ? ` (${symbol})` : ''}`;
        const minError = errors[`ranges.${info.attribute}.min`];
        const maxError = errors[`ranges.${info.attribute}.max`];
        // Each box at fault is marked; a message said once, under the first of them.
        const error = {
          min: minError,
          max: maxError !== undefined && maxError === minError ? true : maxError,
        };
        return (
          <SimpleGrid key={info.attribute} cols={3} spacing="xs" verticalSpacing={0}>
            <Text size="sm" pt={6}>
              {info.label}
              {symbol && (
                <Text span c="dimmed" size="sm">
                  {' '}
                  ({symbol})
                </Text>
              )}
            </Text>
            {(['min', 'max'] as const).map((bound) => (
              <TextInput
                key={bound}
                size="xs"
                inputMode="decimal"
                placeholder={bound === 'min' ? 'Min' : 'Max'}
                aria-label={label(bound === 'min' ? 'minimum' : 'maximum')}
                value={limits[info.attribute][bound]}
                error={error[bound]}
                onChange={(e) => onChange(info.attribute, bound, e.currentTarget.value)}
              />
            ))}
          </SimpleGrid>
        );
      })}
    </Stack>
  );
}
