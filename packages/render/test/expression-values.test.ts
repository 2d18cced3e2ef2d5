import { markdownToDocument, variableValues } from '@quire/document';
import { describe, expect, it } from 'vitest';
import { renderDocument } from '../src/index.js';

const page = markdownToDocument(
  'Install <code class="expression">space.vars.version</code> (<code class="expression">space.vars.missing</code>, <code class="expression">page.vars.version</code>).\n',
);

describe('expressions in text', () => {
  it("show a space variable's value, and any other expression as itself", async () => {
    const { html } = await renderDocument(page, {
      resolveExpression: variableValues({ space: { version: '3.1 <beta>' } }),
    });
    expect(html).toContain('Install <span class="expression">3.1 &#x3C;beta></span>');
    expect(html).toContain('<code class="expression">space.vars.missing</code>');
    expect(html).toContain('<code class="expression">page.vars.version</code>');
  });

  it("show a page variable's value beside the space's of the same name", async () => {
    const { html } = await renderDocument(page, {
      resolveExpression: variableValues({ space: { version: '3.1' }, page: { version: '4.0' } }),
    });
    expect(html).toContain('Install <span class="expression">3.1</span>');
    expect(html).toContain('<span class="expression">4.0</span>');
  });

  it('show as themselves when nothing resolves them', async () => {
    const { html } = await renderDocument(page);
    expect(html).toContain('<code class="expression">space.vars.version</code>');
  });
});
