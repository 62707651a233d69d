import { createTheme, type CSSVariablesResolver } from '@mantine/core';

const sansSerif =
  "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif";
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
});

// Mantine's default "dimmed" grey (gray.6) is 3.3:1 on white, below AA for body-size text.
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: {},
});
