import { describe, expect, it } from 'vitest';
import { metaLinkUrls } from '../src/page-meta-links.js';
import type { RevisionPage, SiteContent } from '../src/published-reads.js';

const content = {
  space: 'space1',
  basePath: '/docs/',
  canonicalUrl: 'https://acme.example/docs/install',
} as SiteContent;

const documentPage = (id: string, path: string, pages: RevisionPage[] = []) =>
  ({ id, type: 'document', title: id, path, pages }) as unknown as RevisionPage;

const pages = [documentPage('install', 'install', [documentPage('linux', 'install/linux')])];

describe("a page's meta links on its site", () => {
  it('keeps URLs, and gives pages of the space their URL on the site', () => {
    expect(
      metaLinkUrls(
        {
          canonical: { kind: 'page', page: 'linux' },
          alternates: [
            { kind: 'url', url: 'https://acme.example/fr/installer' },
            { kind: 'page', page: 'install', space: 'space1' },
          ],
        },
        pages,
        content,
      ),
    ).toEqual({
      canonical: 'https://acme.example/docs/install/linux',
      alternates: ['https://acme.example/fr/installer', 'https://acme.example/docs/install'],
    });
  });

  it('leaves out pages of other spaces and pages the reader does not have', () => {
    expect(
      metaLinkUrls(
        {
          canonical: { kind: 'page', page: 'gone' },
          alternates: [{ kind: 'page', page: 'install', space: 'space2' }],
        },
        pages,
        content,
      ),
    ).toEqual({ alternates: [] });
    expect(metaLinkUrls({}, pages, content)).toEqual({ alternates: [] });
  });
});
