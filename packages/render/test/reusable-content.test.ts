import { type Document, markdownToDocument } from '@quire/document';
import { toString as textOf } from 'hast-util-to-string';
import { describe, expect, it } from 'vitest';
import { renderDocument } from '../src/index.js';
import { lines, renderAndParse } from './support/html.js';

// GitBook's shape: the block names its reusable content by id; the caller loads the documents.
const page: Document = {
  object: 'document',
  data: { schemaVersion: 1 },
  nodes: [
    ...markdownToDocument('Before.\n').nodes,
    {
      object: 'block',
      type: 'reusable-content',
      isVoid: true,
      data: { ref: { kind: 'reusable-content', reusableContent: 'rc1' } },
    },
    ...markdownToDocument('After.\n').nodes,
  ],
};

describe('reusable-content blocks', () => {
  it('render the document the caller resolves the id to, in place', async () => {
    const included = markdownToDocument(
      lines('## Support', '', 'Ask **us**.', '', '```js', 'x', '```'),
    );
    const { tree } = await renderAndParse(page, {
      resolveReusableContent: (id) => (id === 'rc1' ? included : undefined),
    });
    const text = textOf(tree);
    expect(text.indexOf('Before.')).toBeLessThan(text.indexOf('Ask us.'));
    expect(text.indexOf('Ask us.')).toBeLessThan(text.indexOf('After.'));
    const { html } = await renderDocument(page, {
      resolveReusableContent: (id) => (id === 'rc1' ? included : undefined),
    });
    expect(html).toContain('<strong>us</strong>');
    expect(html).toMatch(/<h2[^>]*id="support"/);
  });

  it('render nothing for one the caller does not resolve', async () => {
    const { html } = await renderDocument(page);
    expect(html).toContain('Before.');
    expect(html).toContain('After.');
    expect(html).not.toContain('reusable');
  });
});
