import { createTheme, darken, DEFAULT_THEME, luminance, type CSSVariablesResolver } from '@mantine/core';

const sansSerif = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif";
// No web fonts: the CSP allows only same-origin fonts and a serif stack already reads as elegant.
const serif = "'Iowan Old Style', 'Palatino Linotype', Palatino, 'Book Antiqua', Georgia, serif";

export const theme = createTheme({
  primaryColor: 'pink',
  // Shade 8 keeps pink text and white-on-pink buttons above the WCAG AA 4.5:1 contrast ratio.
  primaryShade: { light: 8, dark: 6 },
  autoContrast: true,
  defaultRadius: 'md',
  fontFamily: sansSerif,
  headings: { fontFamily: serif, fontWeight: '600' },
  // Plain objects rather than `Modal.extend(...)`: importing the components here would put them
  // all in the entry chunk.
  components: {
    // Their close buttons draw only an X: screen readers need a name for them (not plain "Close",
    // which some dialogs' own buttons say).
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close dialog' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close dialog' } } },
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } } },
    // Mantine's placeholder (a focusable role="presentation" div) is no valid child of role="menu";
    // without it the focus trap lands on the menu itself and the arrow keys reach the items.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
    // A read-only rating is a picture of stars: its aria-label needs a role to hang on.
    Rating: { defaultProps: { role: 'img' } },
    // A spinner says what is loading in its aria-label, which a bare span may not carry.
    Loader: { defaultProps: { role: 'status' } },
  },
});

const contrast = (a: string, b: string) => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
};

/**
 * Mantine's "light" variant (badges, light buttons, alerts) writes shade 9 on shade 1, which for
 * green, yellow, orange, lime, teal and red is below the WCAG AA 4.5:1 ratio for small text.
 * Shade 9 darkened just enough to read on shade 2 (the hover background) as well.
 */
function readableLightColors(): Record<string, string> {
  const variables: Record<string, string> = {};
  for (const [name, shades] of Object.entries(DEFAULT_THEME.colors)) {
    let color = shades[9];
    for (let amount = 0.05; contrast(color, shades[2]) < 4.5 && amount < 1; amount += 0.05)
      color = darken(shades[9], amount);
    if (color !== shades[9]) variables[`--mantine-color-${name}-light-color`] = color;
  }
  return variables;
}

const lightColors = readableLightColors();

// Mantine's default "dimmed" grey (gray.6) is 3.3:1 on white, below AA for body-size text; its
// placeholder grey (gray.5, 2.1:1) too, which matters where the placeholder is text (FileInput).
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-placeholder': '#6b7280',
    ...lightColors,
  },
  dark: {},
});
