import {
  type CSSVariablesResolver,
  createTheme,
  DEFAULT_THEME,
  type MantineColorsTuple,
  PasswordInput,
} from '@mantine/core';

/** Mantine's palette with its two darkest shades replaced. */
function withDarkShades(
  name: 'green' | 'orange' | 'yellow' | 'red' | 'teal' | 'cyan' | 'lime',
  shade8: string,
  shade9: string,
): MantineColorsTuple {
  const [s0, s1, s2, s3, s4, s5, s6, s7] = DEFAULT_THEME.colors[name];
  return [s0, s1, s2, s3, s4, s5, s6, s7, shade8, shade9];
}

// WCAG AA contrast (4.5:1) for white on filled buttons and for coloured text: filled buttons and
// `c="<color>"` text use shade 9 (`primaryShade`), hover shade 8, and light variants draw shade 9
// on shade 1. Mantine's greens, oranges and yellows are too light for that (its green 9 is 4.4:1
// on white), so those shades are darkened until they pass; dimmed text (gray 6) likewise, 4.8:1 on
// gray 1 (docs/product.md#accessibility).
const [g0, g1, g2, g3, g4, g5, , g7, g8, g9] = DEFAULT_THEME.colors.gray;

export const theme = createTheme({
  primaryColor: 'green',
  primaryShade: { light: 9, dark: 8 },
  defaultRadius: 'md',
  colors: {
    green: withDarkShades('green', '#278539', '#237133'),
    orange: withDarkShades('orange', '#c84d0a', '#a9380c'),
    yellow: withDarkShades('yellow', '#a86200', '#9c5100'),
    red: withDarkShades('red', '#dc3030', '#b52626'),
    teal: withDarkShades('teal', '#08835e', '#077050'),
    cyan: withDarkShades('cyan', '#0c8093', '#0a6b7d'),
    lime: withDarkShades('lime', '#4e800b', '#46700a'),
    gray: [g0, g1, g2, g3, g4, g5, '#666c72', g7, g8, g9],
  },
  components: {
    // Mantine's focus placeholder is a focusable child that is not a menu item, which a menu
    // may not hold (axe-core: aria-required-children); the dropdown takes the focus instead.
    // A plain object, not Menu.extend: with the build's chunks (docs/adr/0016-code-splitting-and-
    // compression.md) Menu was not yet defined when the theme was made, and the app did not start.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
    // A loader is named for what loads ("Loading balers"); a name needs a role on its span
    // (axe-core: aria-prohibited-attr), and a status is read out when it appears.
    Loader: { defaultProps: { role: 'status' } },
    // The same for a skeleton named for what it stands in for ("Loading stacks"): a div.
    Skeleton: { defaultProps: { role: 'status' } },
    // Mantine's notifications close with an unnamed button (axe-core: button-name).
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    // A table wider than a phone scrolls in its own box; the keyboard must reach it too
    // (axe-core: scrollable-region-focusable).
    TableScrollContainer: {
      defaultProps: { scrollAreaProps: { viewportProps: { tabIndex: 0 } } },
    },
    // Mantine names the show/hide button 'Toggle password visibility', which a label lookup
    // for 'Password' also finds; this name keeps every password field's label unique.
    PasswordInput: PasswordInput.extend({
      defaultProps: { visibilityToggleButtonProps: { 'aria-label': 'Show or hide characters' } },
    }),
  },
});

/**
 * Field errors in red 9 (5.3:1 on white) rather than Mantine's red 6 (3.3:1); placeholders in
 * gray 6 (5.3:1) rather than gray 5 (2.1:1), as a file input's "Choose a file" is its only text.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-6)',
  },
  dark: {},
});
