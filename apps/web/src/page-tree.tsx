import type { components } from '@quire/contract';
import { Link } from 'wouter';

type RevisionPage = components['schemas']['RevisionPage'];

/** A page tree as nested lists of links, `current` marked. */
export function PageTree({
  pages,
  hrefOf,
  current,
}: {
  pages: readonly RevisionPage[];
  hrefOf: (pageId: string) => string;
  current?: string | undefined;
}) {
  if (pages.length === 0) return null;
  return (
    <ul>
      {pages.map((page) => (
        <li key={page.id}>
          {page.type === 'link' ? (
            <span>{page.title}</span>
          ) : (
            <Link href={hrefOf(page.id)} aria-current={page.id === current ? 'page' : undefined}>
              {'emoji' in page && page.emoji ? `${page.emoji} ` : ''}
              {page.title || 'Untitled'}
            </Link>
          )}
          {'pages' in page ? (
            <PageTree pages={page.pages} hrefOf={hrefOf} current={current} />
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** The first page of a tree that has a body, depth first. */
export function firstDocumentPage(pages: readonly RevisionPage[]): string | undefined {
  for (const page of pages) {
    if (page.type === 'document') return page.id;
    const inner = 'pages' in page ? firstDocumentPage(page.pages) : undefined;
    if (inner !== undefined) return inner;
  }
  return undefined;
}

/** Where a page sits: its parent (null at the top), its index there, and how many siblings. */
export function placeOf(
  pages: readonly RevisionPage[],
  pageId: string,
  parent: string | null = null,
): { parent: string | null; index: number; count: number; page: RevisionPage } | undefined {
  const index = pages.findIndex((page) => page.id === pageId);
  const found = pages[index];
  if (found !== undefined) return { parent, index, count: pages.length, page: found };
  for (const page of pages) {
    const inner = 'pages' in page ? placeOf(page.pages, pageId, page.id) : undefined;
    if (inner !== undefined) return inner;
  }
  return undefined;
}
