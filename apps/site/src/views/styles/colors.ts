/** A colour as red, green and blue, 0–255. */
export type Rgb = readonly [number, number, number];

const HEX = /^#([\da-f]{2})([\da-f]{2})([\da-f]{2})$/i;

/**
 * A `#rrggbb` colour, or `undefined` for anything else: only parsed colours reach the CSS, so a
 * setting cannot write CSS of its own.
 *
 * @example
 * parseHex('#ff8000'); // [255, 128, 0]
 * parseHex('red;}'); // undefined
 */
export function parseHex(value: string | undefined): Rgb | undefined {
  const match = HEX.exec(value ?? '');
  if (match === null) return undefined;
  const [, red = '', green = '', blue = ''] = match;
  return [Number.parseInt(red, 16), Number.parseInt(green, 16), Number.parseInt(blue, 16)];
}

/** The colour as `#rrggbb`. */
export function toHex(color: Rgb): string {
  return `#${color.map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`;
}

/** `amount` of `color` over `base` (0 is `base`, 1 is `color`). */
export function mix(color: Rgb, base: Rgb, amount: number): Rgb {
  const channel = (index: 0 | 1 | 2) => color[index] * amount + base[index] * (1 - amount);
  return [channel(0), channel(1), channel(2)];
}

function linear(channel: number): number {
  const value = channel / 255;
  return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
}

function relativeLuminance([red, green, blue]: Rgb): number {
  return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue);
}

/** The WCAG contrast ratio of two colours, 1–21. */
export function contrast(first: Rgb, second: Rgb): number {
  const [one, two] = [relativeLuminance(first), relativeLuminance(second)];
  return (Math.max(one, two) + 0.05) / (Math.min(one, two) + 0.05);
}

const BLACK: Rgb = [0, 0, 0];
const WHITE: Rgb = [255, 255, 255];

/**
 * The colour, darkened or lightened just enough to read on the background (WCAG AA's 4.5:1 for
 * text by default): a site's pale yellow brand colour still gives readable links.
 *
 * @example
 * toHex(readableOn(parseHex('#ffd700')!, parseHex('#ffffff')!)); // a darker gold
 */
export function readableOn(color: Rgb, background: Rgb, ratio = 4.5): Rgb {
  const toward = relativeLuminance(background) > 0.5 ? BLACK : WHITE;
  for (let amount = 0; amount < 1; amount += 0.05) {
    const candidate = mix(toward, color, amount);
    if (contrast(candidate, background) >= ratio) return candidate;
  }
  return toward;
}

/** Black or white, whichever reads better on the background (text on a filled button). */
export function textOn(background: Rgb): Rgb {
  return contrast(WHITE, background) >= contrast(BLACK, background) ? WHITE : [17, 17, 17];
}
