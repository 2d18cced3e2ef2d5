import { describe, expect, it } from 'vitest';
import {
  documentToMarkdown,
  mapReusableContentBlocks,
  markdownToDocument,
  reusableContentRefs,
} from '../src/index.js';
import { lines } from './support/read-exactly.js';

const markdown = lines(
  '{% include "../.gitbook/includes/contact-us.md" %}',
  '',
  '{% hint style="info" %}',
  '{% include "../.gitbook/includes/common-controls (1).md" %}',
  '{% endhint %}',
  '',
  '{% include "../.gitbook/includes/contact-us.md" %}',
);

describe('reusable content references', () => {
  it('lists each included reusable content once, nested ones too, in order', () => {
    expect(reusableContentRefs(markdownToDocument(markdown))).toEqual([
      '../.gitbook/includes/contact-us.md',
      '../.gitbook/includes/common-controls (1).md',
    ]);
  });

  it('replaces blocks, and writes what they point at back byte for byte', () => {
    const document = markdownToDocument(markdown);
    const byId = mapReusableContentBlocks(document, (block) => [
      {
        ...block,
        data: { ref: { kind: 'reusable-content', reusableContent: 'id-of-it' } },
      },
    ]);
    expect(documentToMarkdown(byId)).toBe(markdown.replace(/"[^"]+includes[^"]+"/g, '"id-of-it"'));
    const back = mapReusableContentBlocks(byId, (block) => [
      { ...block, data: { ref: { ...block.data.ref, reusableContent: '../x.md' } } },
    ]);
    expect(reusableContentRefs(back)).toEqual(['../x.md']);
    // Put in place: the blocks of the included content stand where the include was.
    const inlined = mapReusableContentBlocks(document, () => markdownToDocument('Hi.\n').nodes);
    expect(documentToMarkdown(inlined)).toBe(
      lines('Hi.', '', '{% hint style="info" %}', 'Hi.', '{% endhint %}', '', 'Hi.'),
    );
  });

  it('answers a document without includes as it is', () => {
    const document = markdownToDocument('Plain.\n');
    expect(mapReusableContentBlocks(document, () => [])).toBe(document);
  });
});
