import type { ElementContent } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import katex from 'katex';

/**
 * A TeX formula typeset by KaTeX, as HTML (for the eye) and MathML (for assistive technology).
 * A formula KaTeX cannot read is shown as its source, marked as an error, rather than failing
 * the page.
 */
export function renderFormula(formula: string, displayMode: boolean): ElementContent[] {
  const html = katex.renderToString(formula, {
    displayMode,
    output: 'htmlAndMathml',
    throwOnError: false,
    // `\href`, `\url`, `\includegraphics` and `\htmlClass` stay disabled: formulas are content.
    trust: false,
    strict: 'ignore',
  });
  // KaTeX only emits HTML strings; parse its output into the tree rather than splicing strings.
  return fromHtml(html, { fragment: true }).children.filter(
    (node): node is ElementContent => node.type !== 'doctype',
  );
}
