import { describe, expect, it } from 'vitest';
import { readFrontmatterMetaLinks, writeFrontmatterMetaLinks } from '../src/index.js';

// Frontmatter as GitBook's Git Sync writes it: other keys around `metaLinks`, long values folded.
const gitbook = [
  'description: An overview of the management API.',
  'metaLinks:',
  '  canonical: https://docs.example.com/management-api',
  '  alternates:',
  '    - ./',
  '    - >-',
  '      https://app.gitbook.com/s/MdbbIbIwHdJwkEREnJyv/dmx-control/creating-dmx-zones',
  'layout:',
  '  width: wide',
].join('\n');

describe('meta links in frontmatter', () => {
  it('reads canonical and alternates, plain and folded', () => {
    expect(readFrontmatterMetaLinks(gitbook)).toEqual({
      canonical: 'https://docs.example.com/management-api',
      alternates: [
        './',
        'https://app.gitbook.com/s/MdbbIbIwHdJwkEREnJyv/dmx-control/creating-dmx-zones',
      ],
    });
  });

  it('reads quoted values, flow lists and comments, and nothing where there is none', () => {
    const yaml = [
      'metaLinks: # links',
      "  canonical: 'it''s.md'",
      '  alternates: ["../fr/page.md", https://example.com/x]',
    ].join('\n');
    expect(readFrontmatterMetaLinks(yaml)).toEqual({
      canonical: "it's.md",
      alternates: ['../fr/page.md', 'https://example.com/x'],
    });
    expect(readFrontmatterMetaLinks('description: Hi\nicon: book')).toBeUndefined();
    expect(readFrontmatterMetaLinks('metaLinks:\n  alternates: []')).toBeUndefined();
    expect(readFrontmatterMetaLinks('metaLinks:\n  alternates:\n  - same-indent.md')).toEqual({
      alternates: ['same-indent.md'],
    });
  });

  it('writes back byte for byte when the meta links are the same', () => {
    const links = readFrontmatterMetaLinks(gitbook);
    expect(writeFrontmatterMetaLinks(gitbook, links)).toBe(gitbook);
    const quoted = "metaLinks:\n  canonical: 'https://example.com/a'\n";
    expect(writeFrontmatterMetaLinks(quoted, readFrontmatterMetaLinks(quoted))).toBe(quoted);
    expect(writeFrontmatterMetaLinks('description: Hi\n', undefined)).toBe('description: Hi\n');
  });

  it('writes as GitBook does, and reads what it wrote', () => {
    const links = {
      canonical: './',
      alternates: [
        'https://app.gitbook.com/s/Wpa2ykTaKZoySxzNtySN/getting-started',
        'https://app.gitbook.com/s/MdbbIbIwHdJwkEREnJyv/dmx-control/creating-dmx-zones',
        '- odd: name.md',
      ],
    };
    const written = writeFrontmatterMetaLinks('description: Hi\n', links);
    expect(written).toBe(
      [
        'description: Hi',
        'metaLinks:',
        '  canonical: ./',
        '  alternates:',
        '    - https://app.gitbook.com/s/Wpa2ykTaKZoySxzNtySN/getting-started',
        '    - >-',
        '      https://app.gitbook.com/s/MdbbIbIwHdJwkEREnJyv/dmx-control/creating-dmx-zones',
        "    - '- odd: name.md'",
        '',
      ].join('\n'),
    );
    expect(readFrontmatterMetaLinks(written)).toEqual(links);
    expect(writeFrontmatterMetaLinks(written, links)).toBe(written);
  });

  it('replaces or removes the block and leaves the other keys as they were', () => {
    const changed = writeFrontmatterMetaLinks(gitbook, { canonical: '../other.md' });
    expect(changed).toBe(
      [
        'description: An overview of the management API.',
        'metaLinks:',
        '  canonical: ../other.md',
        'layout:',
        '  width: wide',
      ].join('\n'),
    );
    expect(writeFrontmatterMetaLinks(gitbook, undefined)).toBe(
      ['description: An overview of the management API.', 'layout:', '  width: wide'].join('\n'),
    );
    expect(writeFrontmatterMetaLinks(gitbook, { alternates: [] })).toBe(
      writeFrontmatterMetaLinks(gitbook, undefined),
    );
  });
});
