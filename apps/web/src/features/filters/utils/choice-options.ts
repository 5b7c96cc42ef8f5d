import type { Baler } from '@baletrack/contracts/balers/baler';
import type { Crop } from '@baletrack/contracts/crops/crop';
import type { Cutting } from '@baletrack/contracts/cuttings/cutting';

export interface ChoiceOption {
  value: string;
  label: string;
}

export interface ChoiceGroup {
  group: string;
  items: ChoiceOption[];
}

const byLabel = (a: ChoiceOption, b: ChoiceOption) => a.label.localeCompare(b.label);

/**
 * Options to pick from, plus one for every chosen id no longer among them (deleted since the
 * filter was saved), so the choice stays visible and can be removed rather than vanish.
 * @example withChosen([{ value: 'a', label: 'North' }], ['a', 'x'], 'Deleted field')
 *   // → North, Deleted field
 */
export function withChosen(
  options: ChoiceOption[],
  chosen: readonly string[],
  missingLabel: string,
): ChoiceOption[] {
  const known = new Set(options.map((o) => o.value));
  const missing = chosen.filter((id) => !known.has(id));
  return [...options, ...missing.map((value) => ({ value, label: missingLabel }))];
}

/** Named things (fields, crops) by name. */
export function namedOptions(items: readonly { id: string; name: string }[]): ChoiceOption[] {
  return items.map((item) => ({ value: item.id, label: item.name })).sort(byLabel);
}

/** Balers by name, or by VIN when they have none. */
export function balerOptions(balers: readonly Baler[]): ChoiceOption[] {
  return balers.map((b) => ({ value: b.id, label: b.name || b.vin })).sort(byLabel);
}

/**
 * Cuttings grouped by crop year, newest year first, each named with its crop: every year has
 * its "1st cutting", so the year and crop tell them apart.
 * @example cuttingGroups([{ name: '1st', year: 2025, cropId: alfalfa, … }], crops)
 *   // → [{ group: '2025', items: [{ value, label: '1st (Alfalfa)' }] }]
 */
export function cuttingGroups(
  cuttings: readonly Cutting[],
  crops: readonly Pick<Crop, 'id' | 'name'>[],
): ChoiceGroup[] {
  const cropName = new Map(crops.map((c) => [c.id, c.name]));
  const years = new Map<number, ChoiceOption[]>();
  for (const cutting of cuttings) {
    const crop = cutting.cropId ? cropName.get(cutting.cropId) : undefined;
    const items = years.get(cutting.year) ?? [];
    // Named once: '2025 Alfalfa 1st cutting' already says its crop.
    const named = !crop || cutting.name.toLowerCase().includes(crop.toLowerCase());
    items.push({ value: cutting.id, label: named ? cutting.name : `${cutting.name} (${crop})` });
    years.set(cutting.year, items);
  }
  return [...years.entries()]
    .sort(([a], [b]) => b - a)
    .map(([year, items]) => ({ group: String(year), items }));
}

/** `withChosen` for grouped options: chosen ids found in no group get a group of their own. */
export function groupsWithChosen(
  groups: ChoiceGroup[],
  chosen: readonly string[],
  missingLabel: string,
): ChoiceGroup[] {
  const known = new Set(groups.flatMap((g) => g.items.map((item) => item.value)));
  const missing = chosen.filter((id) => !known.has(id));
  if (missing.length === 0) return groups;
  const items = missing.map((value) => ({ value, label: missingLabel }));
  return [...groups, { group: 'No longer there', items }];
}
