import { messages } from '@baletrack/contracts/errors/messages';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cropsKeys } from '@/features/crops/api/crops-keys';
import { CropsPanel } from '@/features/crops/components/crops-panel';
import { renderWithProviders } from '@/testing/render-with-providers';

// A viewer reads the crops and changes nothing (docs/product.md#roles): the panel hides the add,
// rename and delete controls instead of failing after the click; a manager keeps them.

const crops = {
  crops: [
    {
      id: '00000000-0000-4000-8000-0000000000c1',
      name: 'Alfalfa',
      p2o5KgPerTonneDm: null,
      k2oKgPerTonneDm: null,
      published: { basis: 'legume', p2o5KgPerTonneDm: 6.9, k2oKgPerTonneDm: 30.1 },
    },
    {
      id: '00000000-0000-4000-8000-0000000000c2',
      name: 'Timothy',
      p2o5KgPerTonneDm: 7.5,
      k2oKgPerTonneDm: 25,
      published: { basis: 'pasture', p2o5KgPerTonneDm: 6.3, k2oKgPerTonneDm: 24.1 },
    },
  ],
};
const queryData: [readonly unknown[], unknown][] = [[cropsKeys.list(), crops]];

describe('CropsPanel by role', () => {
  it('shows a viewer the crops without a control to change them', () => {
    renderWithProviders(<CropsPanel />, { signedInAs: 'viewer', queryData });
    const list = screen.getByRole('list', { name: 'Crop list' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((i) => i.getAttribute('aria-label')),
    ).toEqual(['Alfalfa', 'Timothy']);
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByLabelText('New crop name')).toBeNull();
  });

  it('lets a manager add, rename and delete', async () => {
    const { user } = renderWithProviders(<CropsPanel />, { signedInAs: 'manager', queryData });
    expect(screen.getByLabelText('New crop name')).toBeTruthy();
    const alfalfa = screen.getByRole('listitem', { name: 'Alfalfa' });
    await user.click(within(alfalfa).getByRole('button', { name: 'Delete' }));
    expect(within(alfalfa).getByRole('button', { name: 'Delete Alfalfa' })).toBeTruthy();
    expect(
      within(screen.getByRole('listitem', { name: 'Timothy' })).getByRole('button', {
        name: 'Rename',
      }),
    ).toBeTruthy();
  });
});

describe('CropsPanel removal rates', () => {
  it("tells each crop's phosphate and potash per ton of dry matter, and whose rates they are", () => {
    renderWithProviders(<CropsPanel />, { signedInAs: 'viewer', queryData });
    // 6.9 and 30.1 kg a tonne are 13.8 and 60.2 lb a short ton.
    expect(screen.getByRole('listitem', { name: 'Alfalfa' }).textContent).toContain(
      'Removes 13.8 lb P₂O₅ and 60.2 lb K₂O per ton DM (published for lucerne and clover hay)',
    );
    expect(screen.getByRole('listitem', { name: 'Timothy' }).textContent).toContain(
      'Removes 15 lb P₂O₅ and 50 lb K₂O per ton DM (its own rates)',
    );
  });

  it('takes rates in the farm units and refuses one past the limit, saying the range', async () => {
    const { user } = renderWithProviders(<CropsPanel />, {
      signedInAs: 'manager',
      queryData,
      measurementSystem: 'MetricSI',
    });
    const timothy = screen.getByRole('listitem', { name: 'Timothy' });
    await user.click(within(timothy).getByRole('button', { name: 'Removal rates' }));
    const potash = within(timothy).getByLabelText('K₂O, kg/t DM');
    expect(potash).toHaveProperty('value', '25');
    expect(within(timothy).getByLabelText('P₂O₅, kg/t DM').getAttribute('placeholder')).toBe(
      '6.3 published',
    );
    await user.clear(potash);
    await user.type(potash, '120');
    await user.click(within(timothy).getByRole('button', { name: 'Save rates' }));
    expect(
      await within(timothy).findByText(
        messages.fieldCuttingCrop.removalOutOfRange('0 to 100 kg/t DM'),
      ),
    ).toBeTruthy();
  });
});

describe('CropsPanel name messages', () => {
  const tooLong = 'A'.repeat(101);
  const { nameRequired, nameTooLong } = messages.validation;

  it('shows only the current problem with a new name, never the last one beside it', async () => {
    const { user } = renderWithProviders(<CropsPanel />, { signedInAs: 'manager', queryData });
    const name = screen.getByLabelText('New crop name');
    await user.click(name);
    await user.paste(tooLong);
    await user.click(screen.getByRole('button', { name: 'Add crop' }));
    expect(await screen.findByText(nameTooLong)).toBeTruthy();
    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Add crop' }));
    expect(await screen.findByText(nameRequired)).toBeTruthy();
    expect(screen.queryByText(nameTooLong)).toBeNull();
  });

  it('drops a failed add once the name is checked again', async () => {
    const { user } = renderWithProviders(<CropsPanel />, { signedInAs: 'manager', queryData });
    const name = screen.getByLabelText('New crop name');
    await user.type(name, 'Oat hay');
    await user.click(screen.getByRole('button', { name: 'Add crop' }));
    // Without a session the add fails, as it would offline.
    expect(await screen.findByText('Failed to create crop')).toBeTruthy();
    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Add crop' }));
    expect(await screen.findByText(nameRequired)).toBeTruthy();
    expect(screen.queryByText('Failed to create crop')).toBeNull();
  });

  it('does the same when renaming a crop', async () => {
    const { user } = renderWithProviders(<CropsPanel />, { signedInAs: 'manager', queryData });
    const alfalfa = screen.getByRole('listitem', { name: 'Alfalfa' });
    await user.click(within(alfalfa).getByRole('button', { name: 'Rename' }));
    const name = within(alfalfa).getByLabelText('New name for Alfalfa');
    await user.clear(name);
    await user.paste(tooLong);
    await user.click(within(alfalfa).getByRole('button', { name: 'Save' }));
    expect(await within(alfalfa).findByText(nameTooLong)).toBeTruthy();
    await user.clear(name);
    await user.click(within(alfalfa).getByRole('button', { name: 'Save' }));
    expect(await within(alfalfa).findByText(nameRequired)).toBeTruthy();
    expect(within(alfalfa).queryByText(nameTooLong)).toBeNull();
  });
});
