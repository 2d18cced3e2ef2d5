import type { Customization } from '../props.js';
import { mix, parseHex, type Rgb, readableOn, textOn, toHex } from './colors.js';

type Styling = NonNullable<Customization['styling']>;
type ThemedColor = NonNullable<Styling['primaryColor']>;
type Scheme = 'light' | 'dark';

interface Base {
  background: Rgb;
  text: Rgb;
  muted: Rgb;
  border: Rgb;
  surface: Rgb;
}

// Muted text reads at 4.5:1 or more on the background and the surface, in both schemes.
const BASES: Record<Scheme, Base> = {
  light: {
    background: [255, 255, 255],
    text: [31, 35, 40],
    muted: [89, 99, 110],
    border: [209, 217, 224],
    surface: [246, 248, 250],
  },
  dark: {
    background: [13, 17, 23],
    text: [230, 237, 243],
    muted: [145, 152, 161],
    border: [61, 68, 77],
    surface: [22, 27, 34],
  },
};

const DEFAULT_PRIMARY: Rgb = [52, 109, 219];

// Hint colours when the customization sets none.
const STATUS_DEFAULTS = {
  info: [52, 109, 219],
  success: [26, 127, 55],
  warning: [191, 135, 0],
  danger: [207, 34, 46],
} satisfies Record<string, Rgb>;

// The colours GitBook names for coloured text and highlights in content (`color-red`…).
const CONTENT_COLORS = {
  blue: [37, 99, 235],
  red: [220, 38, 38],
  orange: [234, 88, 12],
  yellow: [202, 138, 4],
  green: [22, 163, 74],
  purple: [147, 51, 234],
  pink: [219, 39, 119],
  gray: [107, 114, 128],
} satisfies Record<string, Rgb>;

/**
 * The content colours' rules: text in the scheme's readable version (`--c-red`), highlights
 * translucent, so one colour serves both schemes.
 */
export function contentColorRules(): string {
  return Object.entries(CONTENT_COLORS)
    .map(
      ([name, color]) =>
        `.color-${name}{color:var(--c-${name})}.background-${name}{background:${toHex(color)}33}`,
    )
    .join('');
}

/** A colour of the customization for one scheme; dark falls back to light, then the default. */
function themed(color: ThemedColor | undefined, scheme: Scheme, fallback: Rgb): Rgb {
  return parseHex(color?.[scheme]) ?? parseHex(color?.light) ?? fallback;
}

/**
 * The header's colours for the bold and gradient themes; other themes leave them out and the
 * header takes the page's.
 */
function headerProperties(styling: Styling, primary: Rgb, base: Base): [string, string][] {
  if (styling.theme === 'bold') {
    return [
      ['--header-bg', toHex(primary)],
      ['--header-fg', toHex(textOn(primary))],
      ['--header-border', toHex(primary)],
    ];
  }
  if (styling.theme === 'gradient') {
    const soft = toHex(mix(primary, base.background, 0.14));
    return [
      ['--header-bg', `linear-gradient(180deg,${soft},${toHex(base.background)})`],
      ['--header-border', soft],
    ];
  }
  return [];
}

/**
 * The CSS custom properties of one colour scheme: the page's colours, tinted when the
 * customization asks, the primary and hint colours made readable on them, and the content
 * colours.
 *
 * @example
 * paletteDeclarations({ primaryColor: { light: '#ff0000' } }, 'light');
 * // 'color-scheme:light;--bg:#ffffff;…;--primary:#cc0000;…'
 */
export function paletteDeclarations(styling: Styling, scheme: Scheme): string {
  const plain = BASES[scheme];
  const brand = themed(styling.primaryColor, scheme, DEFAULT_PRIMARY);
  const tint =
    parseHex(styling.tint?.color?.[scheme] ?? styling.tint?.color?.light) ??
    (styling.theme === 'muted' ? brand : undefined);
  const base: Base =
    tint === undefined
      ? plain
      : {
          ...plain,
          background: mix(tint, plain.background, 0.04),
          surface: mix(tint, plain.background, 0.09),
        };
  const primarySoft = mix(brand, base.background, 0.12);
  // Readable on its soft tint (the active page's pill), so readable on the background too.
  const primary = readableOn(brand, primarySoft);
  const statuses = {
    info: themed(styling.infoColor, scheme, STATUS_DEFAULTS.info),
    success: themed(styling.successColor, scheme, STATUS_DEFAULTS.success),
    warning: themed(styling.warningColor, scheme, STATUS_DEFAULTS.warning),
    danger: themed(styling.dangerColor, scheme, STATUS_DEFAULTS.danger),
  };
  const properties: [string, string][] = [
    ['color-scheme', scheme],
    ['--bg', toHex(base.background)],
    ['--fg', toHex(base.text)],
    ['--muted', toHex(readableOn(base.muted, base.surface))],
    ['--border', toHex(base.border)],
    ['--surface', toHex(base.surface)],
    ['--primary', toHex(primary)],
    ['--on-primary', toHex(textOn(primary))],
    ['--primary-soft', toHex(primarySoft)],
    ...headerProperties(styling, brand, base),
    ...Object.entries(statuses).flatMap(([name, color]): [string, string][] => [
      [`--${name}`, toHex(readableOn(color, base.background, 3))],
      [`--${name}-bg`, toHex(mix(color, base.background, 0.1))],
    ]),
    ...Object.entries(CONTENT_COLORS).map(([name, color]): [string, string] => [
      `--c-${name}`,
      toHex(readableOn(color, base.background)),
    ]),
  ];
  return properties.map(([name, value]) => `${name}:${value}`).join(';');
}
