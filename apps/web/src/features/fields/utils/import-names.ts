import { NAME_MAX_LENGTH } from '@baletrack/contracts/constants';

const key = (name: string) => name.trim().toLocaleLowerCase('en-US');

/**
 * Names for imported fields that clash neither with the organization's fields nor with each
 * other (field names are unique regardless of case): a taken name gets " (2)", " (3)"…, kept
 * within the name length limit. Blank names become "Field n" (n its place in the file).
 * @example uniqueImportNames(['North', 'north', ''], ['North']) // ['North (2)', 'north (3)', 'Field 3']
 */
export function uniqueImportNames(names: readonly string[], existing: readonly string[]): string[] {
  const taken = new Set(existing.map(key));
  return names.map((raw, index) => {
    const base = raw.trim() || `Field ${index + 1}`;
    let name = base.slice(0, NAME_MAX_LENGTH);
    for (let n = 2; taken.has(key(name)); n++) {
      const suffix = ` (${n})`;
      name = base.slice(0, NAME_MAX_LENGTH - suffix.length) + suffix;
    }
    taken.add(key(name));
    return name;
  });
}

/**
 * The names among the chosen ones that clash (after the grower edited them): with an existing
 * field or another chosen import, regardless of case. Keys are positions in `names`.
 */
export function clashingNames(
  names: readonly string[],
  chosen: readonly boolean[],
  existing: readonly string[],
): Set<number> {
  const counts = new Map<string, number>();
  for (const name of existing) counts.set(key(name), 1);
  names.forEach((name, i) => {
    if (chosen[i]) counts.set(key(name), (counts.get(key(name)) ?? 0) + 1);
  });
  const clashes = new Set<number>();
  names.forEach((name, i) => {
    if (chosen[i] && (counts.get(key(name)) ?? 0) > 1) clashes.add(i);
  });
  return clashes;
}
