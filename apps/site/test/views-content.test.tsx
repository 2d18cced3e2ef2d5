/** @jsxRuntime automatic @jsxImportSource hono/jsx */
import { markdownToDocument } from '@quire/document';
import { renderDocument } from '@quire/render';
import { HtmlValidate, Parser } from 'html-validate';
import { describe, expect, it } from 'vitest';
import { renderSitePage } from '../src/views/index.js';

// Every kind of block the renderer writes a class for, as GitBook's Markdown writes them.
const MARKDOWN = `Text with <mark style="color:red;">red</mark>, <mark style="background-color:blue;">blue</mark>, <kbd>Ctrl</kbd>, math $$a+b$$, a mention [Ada](mention:ada) and a button <a href="https://example.com/start" class="button primary">Start</a>.

## Lists

- [x] Done
- [ ] To do

{% code title="app.ts" lineNumbers="true" overflow="wrap" expandable="true" %}
\`\`\`typescript
export const answer = 42;
\`\`\`
{% endcode %}

{% hint style="warning" %}
Be careful.
{% endhint %}

| Name | Value |
| ---- | ----- |
| a    | 1     |

<figure><img src="https://example.com/diagram.png" alt="Diagram"><figcaption><p>A diagram</p></figcaption></figure>

$$
\\int_0^1 x\\,dx
$$

{% tabs %}
{% tab title="One" %}
First tab.
{% endtab %}
{% tab title="Two" %}
Second tab.
{% endtab %}
{% endtabs %}

<details>

<summary>More</summary>

Hidden text.

</details>

{% embed url="https://example.com/video" %}
A video
{% endembed %}

{% file src="https://example.com/guide.pdf" %}
The guide
{% endfile %}

{% content-ref url="https://example.com/setup" %}
[Setup](https://example.com/setup)
{% endcontent-ref %}

{% stepper %}
{% step %}
Step one.
{% endstep %}
{% step %}
Step two.
{% endstep %}
{% endstepper %}

{% columns %}
{% column width="40%" %}
Left.
{% endcolumn %}
{% column %}
Right.
{% endcolumn %}
{% endcolumns %}

{% updates format="full" %}
{% update date="2031-04-02" tags="fixes,api" %}
Faster search.
{% endupdate %}
{% endupdates %}

{% prompt description="Summarise a page" %}
Summarise this page.
{% endprompt %}

{% openapi src="https://api.example.org/spec.json" path="/widgets" method="post" %}
[https://api.example.org/spec.json](https://api.example.org/spec.json)
{% endopenapi %}
`;

// Classes that name what an element is for scripts and readers, and need no rule of their own.
const UNSTYLED = new Set([
  'emoji',
  'embed-link',
  'katex',
  'katex-display',
  'katex-mathml',
  'math',
  'math-inline',
  'openapi',
  'openapi-summary',
  'task-list-item',
  'updates',
]);

// The content's own inline styles (column widths, KaTeX's layout, Shiki's colour variables)
// are the renderer's to write; the rest of the recommended rules apply. hono/jsx spells boolean
// and void elements `hidden=""` and `<meta/>`, both valid HTML.
const validator = new HtmlValidate({
  extends: ['html-validate:recommended'],
  rules: {
    'doctype-style': ['error', { style: 'lowercase' }],
    'attribute-boolean-style': 'off',
    'attribute-empty-style': 'off',
    'void-style': 'off',
    'no-self-closing': 'off',
    'no-inline-style': 'off',
  },
});

describe('a page of rendered content', async () => {
  const { html, headings } = await renderDocument(markdownToDocument(MARKDOWN));
  const page = renderSitePage({
    site: {
      title: 'Acme Docs',
      homeHref: '/',
      customization: { themes: { toggeable: true } },
      pages: [{ type: 'document', title: 'Every kind', href: '/', active: true, pages: [] }],
      search: { href: '/search' },
    },
    page: { title: 'Every kind', html, headings },
  });
  const root = new Parser(validator.getConfigForSync('content.html')).parseHtml(page);

  it('passes html-validate', async () => {
    const report = await validator.validateString(page);
    const messages = report.results.flatMap((result) =>
      result.messages.map((message) => `${message.ruleId}: ${message.message}`),
    );
    expect(messages).toEqual([]);
  });

  it('styles every class the renderer writes', () => {
    const css = root.querySelector('style')?.textContent ?? '';
    // KaTeX's HTML is hidden in favour of its MathML, and Shiki's tokens are coloured by
    // variables; their inner classes are theirs.
    const elements = root
      .querySelectorAll('.content [class]')
      .filter((element) => element.closest('.katex-html, .shiki') === null);
    const classes = new Set(
      elements.flatMap((element) => String(element.getAttributeValue('class')).split(/\s+/)),
    );
    const unstyled = [...classes].filter(
      (name) =>
        name !== '' &&
        !UNSTYLED.has(name) &&
        !name.startsWith('language-') &&
        !new RegExp(`\\.${name}(?![\\w-])`).test(css),
    );
    expect(unstyled).toEqual([]);
  });

  it('switches Shiki’s colours and hides KaTeX’s HTML in favour of its MathML', () => {
    const css = root.querySelector('style')?.textContent ?? '';
    expect(root.querySelector('.shiki')).not.toBeNull();
    expect(css).toContain('.shiki span{color:var(--shiki-light)');
    expect(css).toContain(':root[data-theme=dark] .shiki span{color:var(--shiki-dark)');
    expect(root.querySelector('.katex-mathml math')).not.toBeNull();
    expect(css).toContain('.katex-html{display:none}');
  });
});
