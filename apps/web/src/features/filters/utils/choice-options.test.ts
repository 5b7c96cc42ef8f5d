import type { Baler } from '@baletrack/contracts/balers/baler';
import type { Cutting } from '@baletrack/contracts/cuttings/cutting';
import { describe, expect, it } from 'vitest';
import {
  balerOptions,
  cuttingGroups,
  groupsWithChosen,
  namedOptions,
  withChosen,
} from '@/features/filters/utils/choice-options';

const cutting = (id: string, name: string, year: number, cropId: string | null): Cutting => ({
  id,
  name,
  year,
  cropId,
  startDate: `${year}-06-01`,
  endDate: `${year}-06-10`,
  fieldIds: [],
});

describe('filter choice options', () => {
  it('lists named things by name', () => {
    expect(
      namedOptions([
        { id: 'b', name: 'South' },
        { id: 'a', name: 'North' },
      ]),
    ).toEqual([
      { value: 'a', label: 'North' },
      { value: 'b', label: 'South' },
    ]);
  });

  it('names a baler by its alias, or its VIN without one', () => {
    const baler = (id: string, name: string) =>
      ({ id, name, vin: `VIN-${id}` }) as unknown as Baler;
    expect(balerOptions([baler('1', 'Square'), baler('2', '')])).toEqual([
      { value: '1', label: 'Square' },
      { value: '2', label: 'VIN-2' },
    ]);
  });

  it('keeps a chosen id that is no longer offered, under the given name', () => {
    const options = [{ value: 'a', label: 'North' }];
    expect(withChosen(options, ['a'], 'Deleted field')).toEqual(options);
    expect(withChosen(options, ['a', 'x'], 'Deleted field')).toEqual([
      ...options,
      { value: 'x', label: 'Deleted field' },
    ]);
  });

  it('names the crop once when the cutting is named after it', () => {
    const [group] = cuttingGroups(
      [cutting('c1', '2025 alfalfa 1st cutting', 2025, 'alf')],
      [{ id: 'alf', name: 'Alfalfa' }],
    );
    expect(group?.items).toEqual([{ value: 'c1', label: '2025 alfalfa 1st cutting' }]);
  });

  it('groups cuttings by crop year, newest first, naming the crop', () => {
    const groups = cuttingGroups(
      [
        cutting('c1', '1st', 2024, 'alf'),
        cutting('c2', '1st', 2025, 'alf'),
        cutting('c3', '2nd', 2025, null),
      ],
      [{ id: 'alf', name: 'Alfalfa' }],
    );
    expect(groups).toEqual([
      {
        group: '2025',
        items: [
          { value: 'c2', label: '1st (Alfalfa)' },
          { value: 'c3', label: '2nd' },
        ],
      },
      { group: '2024', items: [{ value: 'c1', label: '1st (Alfalfa)' }] },
    ]);
    expect(groupsWithChosen(groups, ['c1', 'gone'], 'Deleted cutting').at(-1)).toEqual({
      group: 'No longer there',
      items: [{ value: 'gone', label: 'Deleted cutting' }],
    });
    expect(groupsWithChosen(groups, ['c1'], 'Deleted cutting')).toBe(groups);
  });
});
