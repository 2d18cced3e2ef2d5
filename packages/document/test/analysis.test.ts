import { describe, expect, it } from 'vitest';
import {
  links,
  markdownToDocument,
  plainText,
  sections,
  slugify,
  variableValues,
  wordCount,
} from '../src/index.js';

const page = markdownToDocument(
  [
    'Intro with [a page](guide/setup.md#install).',
    '',
    '# Getting Started',
    '',
    'Some **bold** text, `code` and $$x^2$$.',
    '',
    '## Usage',
    '',
    '- one',
    '- two [top](#top)',
    '',
    '#### Usage',
    '',
    '![Logo](.gitbook/assets/logo.png)',
    '',
    '{% embed url="https://youtube.com/watch?v=1" %}',
    '',
    '{% file src=".gitbook/assets/guide.pdf" %}',
    '',
    '{% content-ref url="reference/api.md" %}',
    '[API](reference/api.md)',
    '{% endcontent-ref %}',
    '',
    'See [the app](/spaces/abc), [docs](https://docs.example.com/x) and [elsewhere](https://example.org).',
    '',
  ].join('\n'),
);

describe('plainText and wordCount', () => {
  it('strips formatting, one line per text block', () => {
    const text = plainText(page);
    expect(text.split('\n').slice(0, 5)).toEqual([
      'Intro with a page.',
      'Getting Started',
      'Some bold text, code and x^2.',
      'Usage',
      'one',
    ]);
  });

  it('includes image and embed captions', () => {
    const captioned = markdownToDocument(
      '{% embed url="https://youtu.be/x" %}\nLaunch talk\n{% endembed %}\n\n<figure><img src="a.png" alt="A"><figcaption><p>Diagram</p></figcaption></figure>\n',
    );
    expect(plainText(captioned)).toBe('Launch talk\nDiagram');
  });

  it('counts words on Unicode word boundaries', () => {
    expect(wordCount(markdownToDocument('Hello **big** world, 2 times.'))).toBe(5);
  });
});

describe('sections', () => {
  it('splits at headings with unique anchors', () => {
    const result = sections(page);
    expect(result.map(({ title, anchor, level }) => ({ title, anchor, level }))).toEqual([
      { title: '', anchor: '', level: 0 },
      { title: 'Getting Started', anchor: 'getting-started', level: 1 },
      { title: 'Usage', anchor: 'usage', level: 2 },
      { title: 'Usage', anchor: 'usage-1', level: 4 },
    ]);
    expect(result[1]?.text).toBe('Some bold text, code and x^2.');
    expect(result[2]?.text).toBe('one\ntwo top');
    expect(result[1]?.key).toBe(page.nodes[1]?.key);
  });
});

describe('links', () => {
  it('finds every link and reference with its kind', () => {
    const found = links(page, { appOrigin: 'https://docs.example.com' });
    expect(
      found.map(({ kind, target, anchor, source }) => ({ kind, target, anchor, source })),
    ).toEqual([
      { kind: 'page', target: 'guide/setup.md', anchor: 'install', source: 'link' },
      { kind: 'anchor', target: 'top', anchor: undefined, source: 'link' },
      { kind: 'file', target: '.gitbook/assets/logo.png', anchor: undefined, source: 'image' },
      {
        kind: 'external',
        target: 'https://youtube.com/watch?v=1',
        anchor: undefined,
        source: 'embed',
      },
      { kind: 'file', target: '.gitbook/assets/guide.pdf', anchor: undefined, source: 'file' },
      { kind: 'page', target: 'reference/api.md', anchor: undefined, source: 'content-ref' },
      { kind: 'page', target: 'reference/api.md', anchor: undefined, source: 'link' },
      { kind: 'in-app', target: '/spaces/abc', anchor: undefined, source: 'link' },
      { kind: 'in-app', target: 'https://docs.example.com/x', anchor: undefined, source: 'link' },
      { kind: 'external', target: 'https://example.org', anchor: undefined, source: 'link' },
    ]);
    expect(found[0]?.text).toBe('a page');
  });

  it('finds page cards, both variants of a dark-mode image, and links in conditional content', () => {
    const document = markdownToDocument(
      [
        '{% page-ref page="../install/linux.md" %}',
        '',
        '<picture><source srcset="shots/panel-dark.png" media="(prefers-color-scheme: dark)"><img src="shots/panel.png" alt="Panel"></picture>',
        '',
        '{% if visitor.claims.plan === "pro" %}',
        'Read [the pro guide](pro.md).',
        '{% endif %}',
        '',
      ].join('\n'),
    );
    expect(
      links(document).map(({ kind, target, text, source }) => [kind, target, text, source]),
    ).toEqual([
      ['page', '../install/linux.md', '', 'page-ref'],
      ['file', 'shots/panel.png', 'Panel', 'image'],
      ['file', 'shots/panel-dark.png', 'Panel', 'image'],
      ['page', 'pro.md', 'the pro guide', 'link'],
    ]);
    expect(plainText(document)).toBe('Panel\nRead the pro guide.');
  });
});

describe('slugify', () => {
  it('makes GitHub-style slugs', () => {
    expect(slugify('Getting Started!')).toBe('getting-started');
    expect(slugify('API: v2 — Überblick')).toBe('api-v2--überblick');
  });

  describe('variables', () => {
    it("resolve an expression naming a space's variable exactly, never an object's own property", () => {
      const resolve = variableValues({ space: { version: '1' } });
      expect(resolve(' space.vars.version ')).toBe('1');
      expect(resolve('space.vars.constructor')).toBeUndefined();
      expect(resolve('space.vars.version + 1')).toBeUndefined();
      expect(resolve('page.vars.version')).toBeUndefined();
    });

    it("resolve a page's own variables under page.vars, apart from the space's", () => {
      const resolve = variableValues({ space: { os: 'any' }, page: { os: 'linux', arch: 'x64' } });
      expect(resolve('page.vars.os')).toBe('linux');
      expect(resolve('space.vars.os')).toBe('any');
      expect(resolve('space.vars.arch')).toBeUndefined();
      expect(resolve('page.vars.toString')).toBeUndefined();
    });
  });
});
