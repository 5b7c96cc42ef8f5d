import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useHomeSelection } from '@/app/routes/home-selection';
import { useHeatmapParams } from '@/features/heatmaps/hooks/use-heatmap-params';

// A bale chosen on the map opens at once: the address (?bale=…) follows as a navigation, which
// every signed-in page's middleware holds up for a moment and React then renders as a transition
// (seconds behind the map's drawing in software). A change made meanwhile builds on it; Back
// still closes it.

function Chooser() {
  const [selection, select] = useHomeSelection();
  const [heatmap, setHeatmap] = useHeatmapParams();
  return (
    <>
      <p>{selection?.kind === 'bale' ? `Bale ${selection.uid}` : 'Nothing chosen'}</p>
      <p>{heatmap.type ? 'Heatmap on' : 'Heatmap off'}</p>
      <button type="button" onClick={() => select({ kind: 'bale', uid: 'B-1' })}>
        Choose
      </button>
      <button type="button" onClick={() => select(null)}>
        Close
      </button>
      <button type="button" onClick={() => setHeatmap({ type: 'Overlay' })}>
        Heatmap
      </button>
    </>
  );
}

const NothingYet = () => null;

function showWithSlowNavigations() {
  const waiting: (() => void)[] = [];
  const router = createMemoryRouter([
    {
      path: '/',
      // Like requireSession: each navigation waits on it, here until released.
      middleware: [() => new Promise<void>((resolve) => waiting.push(resolve))],
      Component: Chooser,
      HydrateFallback: NothingYet,
    },
  ]);
  render(<RouterProvider router={router} />);
  const release = () =>
    act(async () => {
      for (const resolve of waiting.splice(0)) resolve();
    });
  return { router, release };
}

describe('the map home selection', () => {
  it('shows the chosen bale before the address has it, then keeps it', async () => {
    const { router, release } = showWithSlowNavigations();
    await release();
    await screen.findByText('Nothing chosen');

    await userEvent.click(screen.getByRole('button', { name: 'Choose' }));
    expect(screen.getByText('Bale B-1')).toBeTruthy();
    expect(router.state.location.search).toBe('');

    await release();
    await waitFor(() => expect(router.state.location.search).toBe('?bale=B-1'));
    expect(screen.getByText('Bale B-1')).toBeTruthy();

    act(() => void router.navigate(-1));
    await release();
    await screen.findByText('Nothing chosen');
  });

  it('keeps a close made while the address still holds the bale', async () => {
    const { router, release } = showWithSlowNavigations();
    await release();
    await userEvent.click(await screen.findByRole('button', { name: 'Choose' }));
    await release();
    await waitFor(() => expect(router.state.location.search).toBe('?bale=B-1'));

    // Closed, then the heatmap turned on, before the close reaches the address.
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.getByText('Nothing chosen')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Heatmap' }));
    expect(screen.getByText('Heatmap on')).toBeTruthy();
    expect(screen.getByText('Nothing chosen')).toBeTruthy();

    await release();
    await waitFor(() => expect(router.state.location.search).toBe('?heatmap=Overlay'));
    expect(screen.getByText('Nothing chosen')).toBeTruthy();
  });
});
