import fc from 'fast-check';

/**
 * Random Markdown stitched from snippets of every construct the reader knows, plus things it
 * keeps verbatim, with random separators, indentation and container prefixes, so snippets
 * interact (lazy lines, interrupted paragraphs, tags inside lists).
 */
const SNIPPETS = [
  '# Heading *one*',
  '#### Deep `heading`',
  'Setext\n===',
  'Plain text with **bold**, *italic*, ~~struck~~ and `code`.',
  'A [link](setup.md#x "Title") and ![img](a.png) and <https://example.com>.',
  'www.example.com and a@b.co',
  'Math $$x^2$$ and prices $5 and $6.',
  'Emoji 🎉 and 👍🏽 and [Ada](mention:ada)',
  'Hard\\\nbreak and soft\nbreak',
  '- a\n- b\n  - c',
  '1. one\n2. two',
  '3) three',
  '- [ ] todo\n- [x] done',
  '> quote\n> more',
  '```js\nconst a = 1;\n```',
  '```go\nfunc a() {\n\treturn x[^1]\n}\n```',
  '~~~\n\t```\n~~~',
  '    indented code',
  '***',
  '| a | b |\n|:-|-:|\n| `x\\|y` | 2 |',
  '$$\nE = mc^2\n$$',
  '{% hint style="info" %}\nHint body\n{% endhint %}',
  '{% tabs %}\n{% tab title="A" %}\nTab A\n{% endtab %}\n{% endtabs %}',
  '{% embed url="https://example.com" %}',
  '{% embed url="https://example.com" %}\nA caption\n{% endembed %}',
  '{% file src="a.pdf" %}',
  '{% content-ref url="p.md" %}\n[p.md](p.md)\n{% endcontent-ref %}',
  '{% code title="a.js" %}\n```js\nx\n```\n{% endcode %}',
  '<details>\n\n<summary>More</summary>\n\nBody\n\n</details>',
  '<figure><img src="a.png" alt="A"><figcaption><p>Cap</p></figcaption></figure>',
  '<picture><source srcset="d.png" media="(prefers-color-scheme: dark)"><img src="l.png" alt="L"></picture>',
  '<figure><picture><source srcset="d.png" media="(prefers-color-scheme: dark)"><img src="l.png" alt=""></picture><figcaption></figcaption></figure>',
  '<div align="center"><img src="a.png" alt="A"></div>',
  '<div align="left"><figure><img src="a.png" alt="" width="200"><figcaption><p>&#x26; "q"</p></figcaption></figure></div>',
  '{% page-ref page="a.md" %}',
  '{% if visitor.claims.beta %}\nFor beta readers\n{% endif %}',
  '<details open>\n\n<summary>Open "one"</summary>\n\nBody\n\n</details>',
  '{% code expandable="true" %}\n```js\nx\n```\n{% endcode %}',
  '- item\n</Tab>',
  '<div>\nraw *html*\n</div>',
  '<table data-view="cards"><thead><tr><th></th><th data-hidden data-card-target data-type="content-ref"></th></tr></thead><tbody><tr><td><strong>Start</strong><br>here</td><td><a href="start.md">start.md</a></td></tr></tbody></table>',
  '<table><thead><tr><th width="150" valign="top">Key</th><th>Value</th></tr></thead><tbody><tr><td valign="top"><code>a</code></td><td>b &#x26; c</td></tr></tbody></table>',
  '<table data-view="cards"><thead><tr><th></th></tr></thead><tbody><tr><td><h4>Start</h4><p>Set <em>up</em>.</p></td></tr></tbody></table>',
  '<table><thead><tr><th width="150">Key</th></tr></thead><tbody><tr><td><p>One</p><ol start="2"><li>a</li><li><strong>b</strong></li></ol></td></tr></tbody></table>',
  '<table><thead><tr><th width="150">Key</th></tr></thead><tbody><tr><td>kept<p>as is</p></td></tr></tbody></table>',
  'Inline <span>html</span> here',
  '[ref]: https://example.com',
  'Use [ref] and [text][ref].',
  'Note[^1].\n\n[^1]: The note.',
  '{% unknown tag %}',
  '{% endhint %}',
  '<!-- comment -->',
  '\\* not a list',
  '&copy; &amp; &#35;',
];

const prefix = fc.constantFrom('', '', '', '> ', '- ', '1. ', '  ', '   ');
const separator = fc.constantFrom('\n', '\n\n', '\n\n', '\n\n\n');

/** Random Markdown documents made of known snippets. */
export const markdownArbitrary: fc.Arbitrary<string> = fc
  .array(fc.tuple(fc.constantFrom(...SNIPPETS), prefix, separator), { minLength: 1, maxLength: 8 })
  .map((parts) =>
    parts.map(([snippet, linePrefix, gap]) => snippet.replaceAll(/^/gm, linePrefix) + gap).join(''),
  );
