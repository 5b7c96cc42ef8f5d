import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { MeasureLegend } from '@/features/map/components/measure-legend';
import { useMapColour } from '@/features/map/hooks/use-colour-measure';
import { displayUnits } from '@/lib/display-units';
import { renderWithProviders } from '@/testing/render-with-providers';

// The map's colour choice as BaleMap wires it (docs/product.md#the-map): a preference of the
// browser, the third choice RFV or crude protein as the organization's "Show RFV" says, and a key
// that names the classes of what is shown. Drawing the colours is the journeys' (e2e/map*).

const units = displayUnits('ImperialUS');

function ColourChoice({ rfvEnabled }: { rfvEnabled: boolean }) {
  const { scale, setMeasure } = useMapColour(rfvEnabled, units);
  return <MeasureLegend scale={scale} onMeasureChange={setMeasure} rfvEnabled={rfvEnabled} />;
}

const legend = () => screen.getByRole('region', { name: 'Legend' });
const choice = (name: string) => within(legend()).getByRole('radio', { name });
const checked = (name: string) => (choice(name) as HTMLInputElement).checked;

beforeEach(() => localStorage.clear());

describe('the map legend and colour choice', () => {
  it('starts on weight, with its classes in the organization’s units and the symbols', () => {
    renderWithProviders(<ColourChoice rfvEnabled />);
    expect(checked('Weight')).toBe(true);
    expect(within(legend()).getByText('Bale weight')).toBeTruthy();
    expect(within(legend()).getByText('under 700 lb')).toBeTruthy();
    expect(within(legend()).getByText('1,600 lb and over')).toBeTruthy();
    expect(within(legend()).getByText('Stack (moved bales lying together)')).toBeTruthy();
    // Weight is always reported: no "Not reported" class.
    expect(within(legend()).queryByText('Not reported')).toBeNull();
  });

  it('colours by RFV grades, and remembers the choice in this browser', async () => {
    const { user, unmount } = renderWithProviders(<ColourChoice rfvEnabled />);
    await user.click(choice('RFV'));
    expect(within(legend()).getByText('Relative feed value (RFV)')).toBeTruthy();
    expect(within(legend()).getByText(/^Supreme/)).toBeTruthy();
    expect(within(legend()).getByText('Not reported')).toBeTruthy();
    unmount();

    renderWithProviders(<ColourChoice rfvEnabled />);
    expect(checked('RFV')).toBe(true);
  });

  it('with Show RFV off offers crude protein instead of RFV, and a choice of RFV turns to it', async () => {
    localStorage.setItem('baletrack.map.colour-measure', 'RFV');
    const { user } = renderWithProviders(<ColourChoice rfvEnabled={false} />);
    expect(within(legend()).queryByRole('radio', { name: 'RFV' })).toBeNull();
    expect(within(legend()).queryByText(/RFV/)).toBeNull();
    expect(checked('Protein')).toBe(true);
    expect(within(legend()).getByText('Crude protein (dry matter)')).toBeTruthy();
    expect(within(legend()).getByText('under 12 %')).toBeTruthy();
    expect(within(legend()).getByText('21 % and over')).toBeTruthy();
    expect(within(legend()).getByText('Not reported')).toBeTruthy();

    await user.click(choice('Moisture'));
    expect(within(legend()).getByText('Average moisture')).toBeTruthy();
    expect(within(legend()).queryByText('Not reported')).toBeNull();
  });

  it('colours by quality grade: every grade of both tables, ungraded, and how clusters take theirs', async () => {
    const { user, unmount } = renderWithProviders(<ColourChoice rfvEnabled />);
    await user.click(choice('Grade'));
    expect(within(legend()).getByText('Quality grade (USDA)')).toBeTruthy();
    const classes = within(legend())
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(classes.slice(0, 10)).toEqual([
      'Supreme',
      'Premium (legume)',
      'Good (legume)',
      'Fair (legume)',
      'Utility',
      'Premium (grass)',
      'Good (grass)',
      'Fair (grass)',
      'Low',
      'Ungraded (no cutting with a crop)',
    ]);
    expect(within(legend()).getByText(/most common grade/)).toBeTruthy();
    unmount();

    renderWithProviders(<ColourChoice rfvEnabled />);
    expect(checked('Grade')).toBe(true);
  });

  it('with Show RFV off keeps the grade choice but lists no legume grade (they rest on RFV)', async () => {
    localStorage.setItem('baletrack.map.colour-measure', 'Grade');
    renderWithProviders(<ColourChoice rfvEnabled={false} />);
    expect(checked('Grade')).toBe(true);
    expect(within(legend()).getByText('Legume hay (grade not shown)')).toBeTruthy();
    expect(within(legend()).getByText('Good (grass)')).toBeTruthy();
    expect(within(legend()).queryByText('Supreme')).toBeNull();
    expect(within(legend()).queryByText(/RFV/)).toBeNull();
  });

  it('folds and unfolds its key', async () => {
    const { user } = renderWithProviders(<ColourChoice rfvEnabled />);
    const key = within(legend()).getByRole('button', { name: 'Key' });
    expect(key.getAttribute('aria-expanded')).toBe('true');
    await user.click(key);
    expect(key.getAttribute('aria-expanded')).toBe('false');
  });
});
