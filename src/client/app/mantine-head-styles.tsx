import {
  convertCssVariables,
  DEFAULT_THEME,
  defaultCssVariablesResolver,
  em,
  px,
  useMantineCssVariablesResolver,
  useMantineTheme,
  type ConvertCSSVariablesInput,
  type CSSVariablesResolver,
  type MantineTheme,
} from '@mantine/core';

/** Those of `variables` whose value differs from Mantine's default (default-css-variables.css has the rest). */
function changed(variables: Record<string, string>, defaults: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(variables).filter(([name, value]) => defaults[name] !== value));
}

/**
 * The style sheet Mantine's provider writes as two <style>s in the body: the theme's CSS variables
 * (the provider's `cssVariablesResolver` included, those unlike Mantine's defaults) and the classes of `visibleFrom`/`hiddenFrom` at each breakpoint.
 */
function themeCss(theme: MantineTheme, resolver: CSSVariablesResolver | undefined): string {
  const defaults = defaultCssVariablesResolver(DEFAULT_THEME);
  const base = defaultCssVariablesResolver(theme);
  const own = resolver?.(theme) ?? { variables: {}, light: {}, dark: {} };
  const variables: ConvertCSSVariablesInput = {
    variables: changed({ ...base.variables, ...own.variables }, defaults.variables),
    light: changed({ ...base.light, ...own.light }, defaults.light),
    dark: changed({ ...base.dark, ...own.dark }, defaults.dark),
  };
  const breakpoints = Object.entries(theme.breakpoints).map(([name, width]) => {
    const pixels = Number(px(width));
    return (
      `@media (max-width: ${em(pixels - 0.1)}) {.mantine-visible-from-${name} {display: none !important;}}` +
      `@media (min-width: ${em(pixels)}) {.mantine-hidden-from-${name} {display: none !important;}}`
    );
  });
  return `${convertCssVariables(variables, ':root')}${breakpoints.join('')}`;
}

/**
 * Mantine's theme styles as a React style resource (`href` and `precedence`): React keeps it in the
 * document's head, as it does the responsive style props' (`deduplicateInlineStyles`), and the
 * server sends them there (entry-server.tsx). The HTML standard allows no <style> in the body,
 * where Mantine's provider writes its own (turned off in providers.tsx).
 */
export function MantineHeadStyles() {
  const theme = useMantineTheme();
  const resolver = useMantineCssVariablesResolver();
  return (
    <style href="mantine-theme" precedence="mantine">
      {themeCss(theme, resolver)}
    </style>
  );
}
