import type { HintStyle } from '@quire/document';
import type { EmbeddedFont } from './fonts.js';

/**
 * The PDF's look in one place. The fonts are DejaVu, embedded (see `fonts.ts`): only the glyphs
 * a PDF uses go in it, and characters the fonts lack (Chinese, Japanese, Korean…) are `?`.
 */
export const fonts = {
  regular: 'Sans',
  bold: 'Sans-Bold',
  italic: 'Sans-Oblique',
  boldItalic: 'Sans-BoldOblique',
  mono: 'Mono',
  monoBold: 'Mono-Bold',
  monoItalic: 'Mono-Oblique',
  monoBoldItalic: 'Mono-BoldOblique',
} as const satisfies Record<string, EmbeddedFont>;

export type FontName = (typeof fonts)[keyof typeof fonts];

/** The font of a run of text with these marks. */
export function fontFor({
  bold = false,
  italic = false,
  mono = false,
}: {
  bold?: boolean;
  italic?: boolean;
  mono?: boolean;
}): FontName {
  if (mono) {
    if (bold) return italic ? fonts.monoBoldItalic : fonts.monoBold;
    return italic ? fonts.monoItalic : fonts.mono;
  }
  if (bold) return italic ? fonts.boldItalic : fonts.bold;
  return italic ? fonts.italic : fonts.regular;
}

/** A4, with 2 cm margins. */
export const page = {
  size: 'A4',
  margin: 56,
} as const;

export const sizes = {
  body: 10.5,
  small: 9,
  code: 8.5,
  pageTitle: 22,
  groupTitle: 26,
  bookTitle: 30,
  /** Headings by depth, 1–6. */
  heading: [18, 15, 13, 11.5, 11, 10.5],
} as const;

/** Space kept between lines of running text, and after a block. */
export const spacing = {
  lineGap: 2,
  afterBlock: 7,
  listIndent: 16,
  boxPadding: 8,
} as const;

export const colors = {
  text: '#1f2328',
  muted: '#59636e',
  link: '#0969da',
  rule: '#d1d9e0',
  codeBackground: '#f6f8fa',
  codeText: '#24292e',
  tableHeader: '#f6f8fa',
  quote: '#d1d9e0',
} as const;

/** The bar colour of each hint style. */
export const hintColors: Record<HintStyle, string> = {
  info: '#0969da',
  success: '#1a7f37',
  warning: '#bf8700',
  danger: '#cf222e',
};

/** GitBook's named text and background colours, as the published sites show them. */
export const markColors: Record<string, string> = {
  default: colors.text,
  primary: '#346ddb',
  info: '#0969da',
  success: '#1a7f37',
  warning: '#bf8700',
  danger: '#cf222e',
  red: '#cf222e',
  orange: '#bc4c00',
  yellow: '#9a6700',
  green: '#1a7f37',
  blue: '#0969da',
  purple: '#8250df',
};
