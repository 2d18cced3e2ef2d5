import type { Customization } from '../props.js';
import type { ThemeMode } from '../theme-mode.js';
import { chromeCss } from './chrome-css.js';
import { contentCss } from './content-css.js';
import { fontFamily, monospaceFontFamily } from './fonts.js';
import { paletteDeclarations } from './palette.js';
import { darkSchemeCssFor } from './schemes.js';

type Styling = NonNullable<Customization['styling']>;

// Corners of boxes, then of controls (buttons, inputs): `circular` rounds controls into pills.
const CORNERS: Record<NonNullable<Styling['corners']>, [string, string]> = {
  straight: ['0', '0'],
  rounded: ['.375rem', '.375rem'],
  circular: ['.5rem', '999px'],
};

/**
 * The site's whole stylesheet, built from its customization: colours for the light and dark
 * schemes the theme mode can show, corners and fonts, then the chrome's and the content's rules. Every value taken from
 * the customization is parsed or looked up first, so none can close the `<style>` element.
 *
 * @example
 * const css = siteStyles(customization, themeMode(customization));
 */
export function siteStyles(customization: Customization, theme: ThemeMode): string {
  const styling = customization.styling ?? {};
  const darkSchemeCss = darkSchemeCssFor(theme);
  const [radius, controlRadius] = CORNERS[styling.corners ?? 'rounded'] ?? CORNERS.rounded;
  const shared = [
    `--radius:${radius}`,
    `--radius-control:${controlRadius}`,
    `--font:${fontFamily(styling.font)}`,
    `--mono:${monospaceFontFamily(styling.monospaceFont)}`,
  ].join(';');
  return [
    `:root{${shared};${paletteDeclarations(styling, 'light')}}`,
    darkSchemeCss((root) => `${root}{${paletteDeclarations(styling, 'dark')}}`),
    chromeCss(styling, darkSchemeCss),
    contentCss(darkSchemeCss),
  ].join('');
}
