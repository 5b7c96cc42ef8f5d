import type { MeasurementSystem } from '@baletrack/contracts/constants';
import type { FieldYieldResponse } from '@baletrack/contracts/yield/yield';
import { type Quantity, toDisplayValue, unitOf } from '@baletrack/domain/units';
import { CSV_BOM, csvLine, numberCell, textCell } from '../../lib/csv.ts';

/**
 * The Yield per Field page as CSV (docs/product.md#beyond-the-spec-yield-per-field): per field in
 * rank order, its crop year's row, then a row per cutting; figures in the organization's units,
 * named in the headers, as the report CSV writes them (two decimals at most). Phosphate and potash
 * count the dry matter of cuttings with a crop, the last column.
 */
export function fieldYieldCsv(answer: FieldYieldResponse, system: MeasurementSystem): string {
  const unit = (quantity: Quantity) => unitOf(quantity, system).symbol;
  const shown = (value: number | null, quantity: Quantity) =>
    value === null ? '' : numberCell(toDisplayValue(value, quantity, system), 2);
  const header = [
    'Rank',
    'Field',
    `Area (${unit('area')})`,
    'Cutting',
    'Bales',
    `As baled (${unit('tonnage')})`,
    `Dry matter (${unit('tonnage')})`,
    `Dry matter (${unit('yield')})`,
    `Dry matter the year before (${unit('yield')})`,
    'Change (%)',
    `Nitrogen removed (${unit('weight')})`,
    `Nitrogen removed (${unit('nutrientRate')})`,
    `P2O5 removed (${unit('weight')})`,
    `P2O5 removed (${unit('nutrientRate')})`,
    `K2O removed (${unit('weight')})`,
    `K2O removed (${unit('nutrientRate')})`,
    `Dry matter of a crop (${unit('tonnage')})`,
  ];
  const lines = [CSV_BOM, csvLine(header)];
  for (const field of answer.fields) {
    const start = [numberCell(field.rank), textCell(field.name), shown(field.areaHectares, 'area')];
    const rows = [
      {
        name: `Crop year ${answer.year}`,
        figures: field.year,
        before: field.previousYear,
        change: field.changePercent,
      },
      ...field.cuttings.map((cutting) => ({
        name: cutting.name ?? 'Outside cuttings',
        figures: cutting,
        before: cutting.previous,
        change: cutting.changePercent,
      })),
    ];
    for (const row of rows) {
      lines.push(
        csvLine([
          ...start,
          textCell(row.name),
          numberCell(row.figures.bales, 2),
          shown(row.figures.weightKg, 'tonnage'),
          shown(row.figures.dryMatterKg, 'tonnage'),
          shown(row.figures.dryMatterKgPerHectare, 'yield'),
          shown(row.before?.dryMatterKgPerHectare ?? null, 'yield'),
          numberCell(row.change, 1),
          shown(row.figures.nitrogenKg, 'weight'),
          shown(row.figures.nitrogenKgPerHectare, 'nutrientRate'),
          shown(row.figures.p2o5Kg, 'weight'),
          shown(row.figures.p2o5KgPerHectare, 'nutrientRate'),
          shown(row.figures.k2oKg, 'weight'),
          shown(row.figures.k2oKgPerHectare, 'nutrientRate'),
          shown(row.figures.cropDryMatterKg, 'tonnage'),
        ]),
      );
    }
  }
  return lines.join('');
}
