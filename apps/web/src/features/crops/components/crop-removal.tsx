import { type Crop, REMOVAL_RATE_MAX } from '@baletrack/contracts/crops/crop';
import { messages } from '@baletrack/contracts/errors/messages';
import { Button, Group, NumberInput, Text } from '@mantine/core';
import { useState } from 'react';
import type { CropUpdate } from '@/features/crops/api/update-crop';
import { useDisplayUnits } from '@/features/settings';
import { formatNumber } from '@/lib/format';

// A crop's phosphate and potash removal per tonne of its hay's dry matter
// (docs/product.md#beyond-the-spec-yield-per-field): published rates by the crop's name, or the
// grower's own from a forage test or a local guide.

const basisNames: Record<Crop['published']['basis'], string> = {
  legume: 'lucerne and clover hay',
  pasture: 'grass and clover hay',
  cereal: 'oaten hay',
};
const nutrients = [
  { key: 'p2o5KgPerTonneDm', label: 'P₂O₅' },
  { key: 'k2oKgPerTonneDm', label: 'K₂O' },
] as const;

/** 'Removes 13.8 lb P₂O₅ and 60.2 lb K₂O per ton DM (published for lucerne and clover hay)'. */
export function CropRemovalLine({ crop }: { crop: Crop }) {
  const units = useDisplayUnits();
  const [weightUnit, perTon] = units.symbol('nutrientPerTon').split('/');
  const rates = nutrients.map(({ key, label }) => {
    const rate = crop[key] ?? crop.published[key];
    return `${formatNumber(units.fromSI(rate, 'nutrientPerTon'), 1)} ${weightUnit} ${label}`;
  });
  const own = nutrients.filter(({ key }) => crop[key] !== null).length;
  const source =
    own === 2
      ? 'its own rates'
      : `${own === 1 ? 'partly ' : ''}published for ${basisNames[crop.published.basis]}`;
  return (
    <Text size="xs" c="dimmed">
      Removes {rates.join(' and ')} per {perTon} ({source})
    </Text>
  );
}

interface CropRemovalFormProps {
  crop: Crop;
  saving: boolean;
  error: string | undefined;
  onSave: (removal: NonNullable<CropUpdate['removal']>) => void;
  onCancel: () => void;
}

/** The crop's own rates in the organization's units; an empty box takes the published rate. */
export function CropRemovalForm({ crop, saving, error, onSave, onCancel }: CropRemovalFormProps) {
  const units = useDisplayUnits();
  const symbol = units.symbol('nutrientPerTon');
  const shown = (kg: number | null) =>
    kg === null ? '' : Number(units.fromSI(kg, 'nutrientPerTon').toFixed(2));
  const [values, setValues] = useState<Record<string, string | number>>({
    p2o5KgPerTonneDm: shown(crop.p2o5KgPerTonneDm),
    k2oKgPerTonneDm: shown(crop.k2oKgPerTonneDm),
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const max = formatNumber(units.fromSI(REMOVAL_RATE_MAX, 'nutrientPerTon'), 0);
  const outOfRange = messages.fieldCuttingCrop.removalOutOfRange(`0 to ${max} ${symbol}`);

  const save = () => {
    const found: Record<string, string> = {};
    const removal = { p2o5KgPerTonneDm: null, k2oKgPerTonneDm: null } as Record<
      (typeof nutrients)[number]['key'],
      number | null
    >;
    for (const { key } of nutrients) {
      const typed = values[key];
      if (typed === '' || typed === undefined) continue;
      const kg = units.toSI(Number(typed), 'nutrientPerTon');
      // A hair over the limit from rounding the conversion still counts as the limit.
      if (!Number.isFinite(kg) || kg < 0 || kg > REMOVAL_RATE_MAX + 1e-9) found[key] = outOfRange;
      else removal[key] = Math.min(kg, REMOVAL_RATE_MAX);
    }
    setErrors(found);
    if (Object.keys(found).length === 0) onSave(removal);
  };

  return (
    <div style={{ flex: 1 }}>
      <Group gap="xs" align="flex-start" wrap="wrap">
        {nutrients.map(({ key, label }) => (
          <NumberInput
            key={key}
            label={`${label}, ${symbol}`}
            placeholder={`${formatNumber(units.fromSI(crop.published[key], 'nutrientPerTon'), 1)} published`}
            value={values[key]}
            onChange={(value) => setValues((before) => ({ ...before, [key]: value }))}
            error={errors[key]}
            decimalScale={2}
            hideControls
            size="xs"
            w={170}
          />
        ))}
      </Group>
      {error && (
        <Text size="xs" c="red" role="alert" mt={4}>
          {error}
        </Text>
      )}
      <Text size="xs" c="dimmed" mt={4}>
        Empty takes the published rate for {basisNames[crop.published.basis]}.
      </Text>
      <Group gap="xs" mt="xs">
        <Button size="xs" onClick={save} loading={saving}>
          Save rates
        </Button>
        <Button size="xs" variant="default" onClick={onCancel}>
          Cancel
        </Button>
      </Group>
    </div>
  );
}
