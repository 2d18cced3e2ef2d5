/**
 * A large documentation page in the shapes real pages have: headings, paragraphs with marks and
 * links, lists, task lists, tables, code blocks, hints, math. Deterministic, so runs compare.
 */
export function generatePage(targetBytes: number): string {
  const sections: string[] = [];
  let size = 0;
  for (let index = 0; size < targetBytes; index++) {
    const section = generateSection(index);
    sections.push(section);
    size += Buffer.byteLength(section) + 1;
  }
  return sections.join('\n');
}

function generateSection(index: number): string {
  return `## Section ${index}: configuring the *service*

The service reads its settings from \`config.yaml\` at start-up. See [the setup guide](guide/setup.md#install), the [API reference](https://example.com/api/v${index % 3}) and **important** notes about ~~deprecated~~ options; each one is _documented_ below with its default value and an example. 🎉

Options can also be given as environment variables, which win over the file. A hard line break follows.\\
Use $$x^${index % 9}$$ when in doubt, and mention [Ada](mention:user-${index % 7}).

- First item with \`inline code\`
- Second item with a [link](reference/options.md)
  - Nested item **${index}**
- Third item

1. Install the package
2. Run \`quire init\`
3. Start the server

- [x] Tests written
- [ ] Docs reviewed

| Option | Type | Default | Description |
|:-------|:----:|--------:|-------------|
| \`port\` | number | 8080 | Port to listen on |
| \`host\` | string | \`0.0.0.0\` | Interface, e.g. \`a \\| b\` |
| \`debug\` | boolean | false | Verbose **logging** |

\`\`\`ts
import { createServer } from '@quire/server';

const server = createServer({ port: ${8000 + index} });
await server.listen();
\`\`\`

{% hint style="warning" %}
Restart the service after changing **any** option.
{% endhint %}

> Quoted tip number ${index}: keep secrets out of \`config.yaml\`.

$$
\\sum_{i=0}^{${index}} i = \\frac{n(n+1)}{2}
$$
`;
}
