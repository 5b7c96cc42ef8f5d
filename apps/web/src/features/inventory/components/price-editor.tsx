import { type HayGrade, hayGrades } from '@baletrack/contracts/inventory/hay-grade';
import { savePriceRequestSchema } from '@baletrack/contracts/inventory/inventory';
import { pricesOn } from '@baletrack/domain/inventory/hay-value';
import { hayGradeLabel } from '@baletrack/domain/quality-grade/hay-grade';
import {
  Alert,
  Button,
  Group,
  NumberInput,
  ScrollArea,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useState } from 'react';
import { usePrices } from '@/features/inventory/api/get-prices';
import { useSetPrice } from '@/features/inventory/api/set-price';
import { formatMoney, priceUnitLabel } from '@/features/inventory/utils/money';
import { changeErrorMessage } from '@/lib/change-error-message';
import { formatShortDay } from '@/lib/format';

const today = () => new Date().toISOString().slice(0, 10);
const gradeOptions = hayGrades.map((g) => ({ value: g, label: hayGradeLabel(g) }));

/**
 * Prices per grade: those in effect today and every change with its day; the owner sets a new
 * one (`canSet`), which takes effect from the day given and leaves earlier values as they were.
 */
export function PriceEditor({ canSet }: { canSet: boolean }) {
  const prices = usePrices();
  const save = useSetPrice();
  const [grade, setGrade] = useState<HayGrade>('legume.Supreme');
  const [price, setPrice] = useState<number | string>('');
  const [premium, setPremium] = useState<number | string>('');
  const [effectiveFrom, setEffectiveFrom] = useState(today());
  const [error, setError] = useState<string | null>(null);
  const unit = prices.data ? priceUnitLabel[prices.data.unit] : 'ton';
  const legume = grade.startsWith('legume.');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = savePriceRequestSchema.safeParse({
      grade,
      price: price === '' ? Number.NaN : Number(price),
      premiumPerRfvPoint: !legume || premium === '' ? null : Number(premium),
      effectiveFrom,
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Check the price.');
      return;
    }
    setError(null);
    save.mutate(parsed.data, {
      onSuccess: () => {
        notifications.show({
          color: 'green',
          message: `The ${hayGradeLabel(grade)} price was saved.`,
        });
        setPrice('');
        setPremium('');
      },
      onError: (e) => setError(changeErrorMessage(e, 'Failed to save the price.')),
    });
  };

  const rows = prices.data?.prices ?? [];
  const inEffect = pricesOn([...rows].reverse(), today());
  return (
    <Stack gap="md">
      <Title order={2} size="h4">
        Prices per grade
      </Title>
      {canSet && (
        <form onSubmit={submit} aria-label="Set a price">
          <Group align="end" wrap="wrap">
            <Select
              label="Grade"
              data={gradeOptions}
              value={grade}
              onChange={(value) => value && setGrade(value as HayGrade)}
              allowDeselect={false}
            />
            <NumberInput
              label={`Price per ${unit}`}
              min={0}
              decimalScale={2}
              value={price}
              onChange={setPrice}
            />
            {legume && (
              <NumberInput
                label="Premium per RFV point (optional)"
                min={0}
                decimalScale={2}
                value={premium}
                onChange={setPremium}
              />
            )}
            <TextInput
              type="date"
              label="Effective from"
              value={effectiveFrom}
              onChange={(event) => setEffectiveFrom(event.currentTarget.value)}
            />
            <Button type="submit" loading={save.isPending}>
              Save price
            </Button>
          </Group>
          {error && (
            <Alert color="red" mt="sm" role="alert">
              {error}
            </Alert>
          )}
        </form>
      )}
      {/* On a phone the table scrolls sideways; its viewport takes keyboard focus to do so. */}
      <ScrollArea
        type="auto"
        viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': 'Price history table' }}
      >
        <Table striped aria-label="Price history">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Grade</Table.Th>
              <Table.Th ta="right">Price</Table.Th>
              <Table.Th ta="right">Premium per RFV point</Table.Th>
              <Table.Th>Effective from</Table.Th>
              <Table.Th>In effect today</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.length === 0 && !prices.isPending && (
              <Table.Tr>
                <Table.Td colSpan={5}>
                  <Text size="sm" c="dimmed">
                    No prices yet: {canSet ? 'set one above' : 'an owner or manager sets them'}, and
                    the hay on hand is valued by grade from its day.
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {rows.map((row) => (
              <Table.Tr key={row.id}>
                <Table.Td>{hayGradeLabel(row.grade)}</Table.Td>
                <Table.Td ta="right">
                  {formatMoney(row.price)} per {priceUnitLabel[row.unit]}
                </Table.Td>
                <Table.Td ta="right">
                  {row.premiumPerRfvPoint === null ? '—' : formatMoney(row.premiumPerRfvPoint)}
                </Table.Td>
                <Table.Td>{formatShortDay(row.effectiveFrom)}</Table.Td>
                <Table.Td>{inEffect.get(row.grade) === row ? 'Yes' : ''}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
    </Stack>
  );
}
