import { createTheme, PasswordInput } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'green',
  defaultRadius: 'md',
  components: {
    // Mantine names the show/hide button 'Toggle password visibility', which a label lookup
    // for 'Password' also finds; this name keeps every password field's label unique.
    PasswordInput: PasswordInput.extend({
      defaultProps: { visibilityToggleButtonProps: { 'aria-label': 'Show or hide characters' } },
    }),
  },
});
