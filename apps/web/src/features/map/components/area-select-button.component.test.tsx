import type { Role } from '@baletrack/contracts/identity/roles';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AreaSelectButton } from '@/features/map/components/area-select-button';
import { renderWithProviders } from '@/testing/render-with-providers';

// "Select an area" is for those who build loads from the map: the owner and managers.

function areaButton(role: Role, active = false) {
  let toggled = 0;
  const rendered = renderWithProviders(
    <AreaSelectButton active={active} onToggle={() => toggled++} />,
    { signedInAs: role },
  );
  return { ...rendered, toggled: () => toggled };
}

describe('AreaSelectButton', () => {
  it('turns the area selection on and off for the owner and managers', async () => {
    for (const role of ['owner', 'manager'] as const) {
      const { user, toggled, unmount } = areaButton(role);
      const button = screen.getByRole('button', { name: 'Select an area' });
      expect(button.getAttribute('aria-pressed')).toBe('false');
      await user.click(button);
      expect(toggled()).toBe(1);
      unmount();
    }
    areaButton('manager', true);
    expect(
      screen.getByRole('button', { name: 'Select an area' }).getAttribute('aria-pressed'),
    ).toBe('true');
  });

  it('is not shown to a viewer', () => {
    areaButton('viewer');
    expect(screen.queryByRole('button', { name: 'Select an area' })).toBeNull();
  });
});
