import type { InlineContent, Leaf } from '@quire/document';
import type { PdfContext } from './context.js';
import { hasGlyph } from './fonts.js';
import './pdfkit-types.js';
import { colors, type FontName, fontFor, markColors, spacing } from './styles.js';

/** A run of text written in one style, maybe a link. */
export interface TextRun {
  text: string;
  font: FontName;
  size: number;
  color: string;
  /** An external link (a URI). */
  link?: string;
  /** An internal link: the name of a destination in the PDF. */
  goTo?: string;
  underline?: true;
  strike?: true;
}

/** The style a run of text starts from, before its own marks. */
export interface RunStyle {
  size: number;
  color: string;
  bold?: boolean;
  italic?: boolean;
  mono?: boolean;
  link?: string;
  goTo?: string;
}

/**
 * The text as the embedded fonts can write it: a character they have no glyph for becomes `?`,
 * a tab two spaces, and other control characters (line breaks aside) go.
 * @example printable('Привет → 東京'); // 'Привет → ??'
 */
export function printable(text: string): string {
  let out = '';
  for (const character of text) {
    const code = character.codePointAt(0) ?? 0;
    if (code === 0x0a) out += character;
    else if (code === 0x09) out += '  ';
    else if (code < 0x20 || (code >= 0x7f && code < 0xa0) || isVariationSelector(code)) continue;
    else out += hasGlyph(code) ? character : '?';
  }
  return out;
}

function isVariationSelector(code: number): boolean {
  return (code >= 0xfe00 && code <= 0xfe0f) || code === 0x200d;
}

/** The runs of inline content (a paragraph's, a heading's, a cell's), marks and links applied. */
export function runsOf(
  nodes: readonly InlineContent[],
  style: RunStyle,
  context: PdfContext,
): TextRun[] {
  const runs: TextRun[] = [];
  for (const node of nodes) {
    if (node.object === 'text') {
      for (const leaf of node.leaves) runs.push(leafRun(leaf, style));
      continue;
    }
    switch (node.type) {
      case 'link': {
        const target = context.linkTarget(node.data.ref);
        const linked: RunStyle =
          target === undefined ? style : { ...style, ...target, color: colors.link };
        runs.push(...runsOf(node.nodes, linked, context));
        break;
      }
      case 'button': {
        const target = node.data.ref === undefined ? undefined : context.linkTarget(node.data.ref);
        const linked = target === undefined ? style : { ...style, ...target, color: colors.link };
        runs.push(styledRun(node.data.label, { ...linked, bold: true }));
        break;
      }
      case 'inline-math':
        runs.push(styledRun(node.data.formula, { ...style, mono: true }));
        break;
      // A variable's value, as a published page shows it; any other expression as itself.
      case 'expression': {
        const value = context.expressionValue(node.data.expression);
        runs.push(
          value === undefined
            ? styledRun(node.data.expression, { ...style, mono: true })
            : styledRun(value, style),
        );
        break;
      }
      case 'mention':
        runs.push(styledRun(`@${node.data.label}`, { ...style, bold: true }));
        break;
      case 'inline-image':
        if (node.data.alt !== undefined && node.data.alt !== '') {
          runs.push(styledRun(node.data.alt, { ...style, italic: true }));
        }
        break;
      case 'raw':
        runs.push(styledRun(node.data.markdown, style));
        break;
      // Emoji and icons have no glyph in the embedded fonts.
      case 'emoji':
      case 'icon':
        break;
    }
  }
  return runs;
}

function leafRun(leaf: Leaf, style: RunStyle): TextRun {
  let { bold = false, italic = false, mono = false, color, size } = style;
  let strike = false;
  for (const mark of leaf.marks) {
    switch (mark.type) {
      case 'bold':
        bold = true;
        break;
      case 'italic':
        italic = true;
        break;
      case 'code':
      case 'keyboard':
        mono = true;
        break;
      case 'strikethrough':
        strike = true;
        break;
      case 'superscript':
      case 'subscript':
        size = style.size * 0.75;
        break;
      case 'color':
        color = markColors[mark.data.text ?? ''] ?? color;
        break;
    }
  }
  return {
    ...styledRun(leaf.text, { ...style, bold, italic, mono, color, size }),
    ...(strike ? { strike: true as const } : {}),
  };
}

function styledRun(text: string, style: RunStyle): TextRun {
  return {
    text: printable(text),
    font: fontFor(style),
    size: style.size,
    color: style.color,
    ...(style.link === undefined ? {} : { link: style.link, underline: true as const }),
    ...(style.goTo === undefined ? {} : { goTo: style.goTo }),
  };
}

/** Where running text goes: from `x`, `width` wide, from the document's current `y`. */
export interface Box {
  x: number;
  width: number;
}

/**
 * Writes runs as one flowing paragraph in `box`, wrapped and continued onto the next page as
 * needed; the document's `y` ends below it. Nothing is written for runs without text.
 */
export function writeRuns(context: PdfContext, runs: readonly TextRun[], box: Box): void {
  const { doc } = context;
  const written = runs.filter((run) => run.text !== '');
  written.forEach((run, index) => {
    doc.font(run.font).fontSize(run.size).fillColor(run.color);
    const options: PDFKit.Mixins.ContinuedTextOptions = {
      width: box.width,
      lineGap: spacing.lineGap,
      continued: index < written.length - 1,
      // Set on every run: pdfkit keeps a continued paragraph's options from run to run.
      link: run.link ?? null,
      goTo: run.goTo ?? null,
      underline: run.underline === true,
      strike: run.strike === true,
    };
    if (index === 0) doc.text(run.text, box.x, doc.y, options);
    else doc.text(run.text, options);
  });
}

/** The plain text of runs. */
export function runsText(runs: readonly TextRun[]): string {
  return runs.map((run) => run.text).join('');
}
