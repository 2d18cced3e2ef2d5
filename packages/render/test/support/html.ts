import type { Document } from '@quire/document';
import type { Root } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { HtmlValidate } from 'html-validate';
import { expect } from 'vitest';
import { type RenderedDocument, type RenderOptions, renderDocument } from '../../src/index.js';

const validator = new HtmlValidate({
  extends: ['html-validate:recommended'],
  rules: {
    // Shiki's dual themes give each token its colours as CSS variables in `style`, and KaTeX
    // positions glyphs with `style`; both are what those libraries emit, with no class form.
    'no-inline-style': 'off',
  },
});

/** Asserts that an HTML fragment is valid under html-validate's recommended rules. */
export async function expectValidHtml(html: string): Promise<void> {
  const report = await validator.validateString(html);
  const messages = report.results.flatMap((result) =>
    result.messages.map((message) => `${message.ruleId}: ${message.message}`),
  );
  expect(messages).toEqual([]);
}

/** Renders a document, checks the HTML is valid, and parses it back for querying. */
export async function renderAndParse(
  document: Document,
  options?: RenderOptions,
): Promise<RenderedDocument & { tree: Root }> {
  const rendered = await renderDocument(document, options);
  await expectValidHtml(rendered.html);
  return { ...rendered, tree: fromHtml(rendered.html, { fragment: true }) };
}

/** Markdown from lines. */
export function lines(...parts: string[]): string {
  return `${parts.join('\n')}\n`;
}
