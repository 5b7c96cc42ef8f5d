import { screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PanelBoundary } from '@/components/panel-boundary';
import { renderWithProviders } from '@/testing/render-with-providers';

// One panel's failure stays in that panel (docs/product.md#error-reporting): it says what could
// not be shown, is logged, offers to try again, and the rest of the screen keeps working.

let failing = true;

function Summary() {
  if (failing) throw new RangeError('Invalid time value');
  return <p>Summary by day</p>;
}

function Screen() {
  const [clicks, setClicks] = useState(0);
  return (
    <>
      <button type="button" onClick={() => setClicks((n) => n + 1)}>
        Still working {clicks}
      </button>
      <PanelBoundary what="The summary">
        <Summary />
      </PanelBoundary>
    </>
  );
}

afterEach(() => {
  failing = true;
  vi.restoreAllMocks();
});

describe('a panel behind its error boundary', () => {
  it('shows its failure in place, logs it, and shows the panel again on Try again', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = renderWithProviders(<Screen />);

    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('The summary could not be shown');
    expect(logged.mock.calls.some(([error]) => error instanceof RangeError)).toBe(true);

    // The rest of the screen still answers.
    await user.click(screen.getByRole('button', { name: 'Still working 0' }));
    expect(screen.getByRole('button', { name: 'Still working 1' })).toBeTruthy();

    // Still failing: the retry fails in place again.
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByRole('alert')).toBeTruthy();

    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('Summary by day')).toBeTruthy();
  });
});
