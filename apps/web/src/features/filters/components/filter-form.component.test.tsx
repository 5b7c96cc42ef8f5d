import type { MeasurementSystem } from '@baletrack/contracts/constants';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { filterKeys } from '@/features/filters/api/filters-keys';
import { FilterForm } from '@/features/filters/components/filter-form';
import { renderWithProviders } from '@/testing/render-with-providers';

// Limits are typed in the organization's units and refused at their box, in those units, before
// anything is sent; the same limits as the server's (packages/contracts/src/filters/filter.ts).

function renderForm(measurementSystem: MeasurementSystem) {
  let saved = 0;
  const view = renderWithProviders(
    <FilterForm
      onSaved={() => {
        saved += 1;
      }}
      onCancel={() => {}}
    />,
    {
      signedInAs: 'manager',
      measurementSystem,
      queryData: [
        [filterKeys.choices('fields'), { fields: [] }],
        [filterKeys.choices('cuttings'), { cuttings: [] }],
        [filterKeys.choices('crops'), { crops: [] }],
        [filterKeys.choices('balers'), { balers: [] }],
      ],
    },
  );
  const type = async (label: string | RegExp, text: string) => {
    await view.user.click(screen.getByLabelText(label));
    await view.user.paste(text);
  };
  const save = () => view.user.click(screen.getByRole('button', { name: 'Save filter' }));
  return { ...view, type, save, savedCount: () => saved };
}

describe('FilterForm limits', () => {
  it('refuses a negative weight and moisture above 100 %, at their boxes, in pounds', async () => {
    const { type, save, savedCount } = renderForm('ImperialUS');
    await type(/^Name/, 'Impossible');
    await type('Weight minimum (lb)', '-50');
    await type('Average moisture minimum (%)', '150');
    await save();
    expect(await screen.findByText('Weight must be between 0 and 22,046 lb.')).toBeTruthy();
    expect(screen.getByText('Average moisture must be between 0 and 100 %.')).toBeTruthy();
    expect(screen.getByLabelText('Weight minimum (lb)').getAttribute('aria-invalid')).toBe('true');
    expect(savedCount()).toBe(0);
  });

  it('moves the focus to the first box at fault, so a refused save shows where', async () => {
    const { type, save } = renderForm('ImperialUS');
    await type(/^Name/, 'Wet');
    await type('Average moisture minimum (%)', '150');
    await type('Average moisture maximum (%)', '160');
    await save();
    await screen.findByText('Average moisture must be between 0 and 100 %.');
    expect(document.activeElement).toBe(screen.getByLabelText('Average moisture minimum (%)'));
  });

  it('says the limits in the metric units the boxes are typed in', async () => {
    const { type, save } = renderForm('MetricSI');
    await type(/^Name/, 'Heavy');
    await type('Weight maximum (kg)', '12000');
    await type('Temperature minimum (°C)', '-250');
    await type('Cut length maximum (mm)', '1500');
    await save();
    expect(await screen.findByText('Weight must be between 0 and 10,000 kg.')).toBeTruthy();
    expect(screen.getByText('Temperature must be between -200 and 200 °C.')).toBeTruthy();
    expect(screen.getByText('Cut length must be between 0 and 1,000 mm.')).toBeTruthy();
    // The maximum box is the one at fault, and carries the message.
    expect(screen.getByLabelText('Weight maximum (kg)').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Weight minimum (kg)').getAttribute('aria-invalid')).not.toBe(
      'true',
    );
  });

  it('names the measure whose minimum is above its maximum, and marks both bounds out of range once', async () => {
    const { type, save } = renderForm('ImperialUS');
    await type(/^Name/, 'Backwards');
    await type('Peak moisture minimum (%)', '30');
    await type('Peak moisture maximum (%)', '20');
    await type('Temperature minimum (°F)', '-400');
    await type('Temperature maximum (°F)', '400');
    await save();
    expect(
      await screen.findByText('Peak moisture minimum must not be greater than its maximum.'),
    ).toBeTruthy();
    expect(screen.getAllByText('Temperature must be between -328 and 392 °F.')).toHaveLength(1);
    expect(screen.getByLabelText('Temperature maximum (°F)').getAttribute('aria-invalid')).toBe(
      'true',
    );
  });

  it('takes the limits themselves, in pounds and degrees Fahrenheit', async () => {
    const { type, save } = renderForm('ImperialUS');
    await type(/^Name/, 'Edges');
    await type('Weight minimum (lb)', '0');
    await type('Weight maximum (lb)', '22,046');
    await type('Temperature minimum (°F)', '-328');
    await type('Temperature maximum (°F)', '392');
    await type('Bale length maximum (ft)', '32.8');
    await save();
    // Past the checks, the form sends it (here without a session, so saving fails).
    expect(await screen.findByText(/^Failed to create filter/)).toBeTruthy();
    expect(screen.queryByText(/must be between/)).toBeNull();
  });
});
