import type { HintStyle } from '@quire/document';

/**
 * The PDF's look in one place. The fonts are the standard PDF fonts every reader has, so nothing
 * is embedded and a 500-page PDF stays small and quick to make; they cover Western European text
 * (WinAnsi), and other characters are written as `?`.
 */
export const fonts = {
  regular: 'Helvetica',
  bold: 'Helvetica-Bold',
  italic: 'Helvetica-Oblique',
  boldItalic: 'Helvetica-BoldOblique',
  mono: 'Courier',
  monoBold: 'Courier-Bold',
  monoItalic: 'Courier-Oblique',
  monoBoldItalic: 'Courier-BoldOblique',
} as const;

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
