import type { components } from '@quire/contract';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef } from 'react';
import { Link } from 'wouter';

type RevisionPage = components['schemas']['RevisionPage'];

/** A page of the tree as one row: the page and how deep it sits. */
interface TreeRow {
  page: RevisionPage;
  depth: number;
}

function rowsOf(pages: readonly RevisionPage[], depth = 0, rows: TreeRow[] = []): TreeRow[] {
  for (const page of pages) {
    rows.push({ page, depth });
    if ('pages' in page) rowsOf(page.pages, depth + 1, rows);
  }
  return rows;
}

// Rows are one line each: a space of ten thousand pages draws only the rows in view.
const rowHeight = 28;

/** A page tree as links, `current` marked, drawn a screenful at a time. */
export function PageTree({
  pages,
  hrefOf,
  current,
  peopleOn,
}: {
  pages: readonly RevisionPage[];
  hrefOf: (pageId: string) => string;
  current?: string | undefined;
  /** Who else is on a page now, shown beside it. */
  peopleOn?: (pageId: string) => readonly { name: string; color: string }[];
}) {
  const rows = useMemo(() => rowsOf(pages), [pages]);
  const scroller = useRef<HTMLDivElement>(null);
  const currentIndex = rows.findIndex((row) => row.page.id === current);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => rowHeight,
    overscan: 20,
    initialOffset: Math.max(0, currentIndex - 5) * rowHeight,
  });
  if (rows.length === 0) return null;
  return (
    <div ref={scroller} className="tree-scroller">
      <ul className="tree" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const { page, depth } = rows[item.index] as TreeRow;
          return (
            <li
              key={page.id}
              style={{ transform: `translateY(${item.start}px)`, paddingLeft: `${depth * 0.9}rem` }}
            >
              {page.type === 'link' ? (
                <span>{page.title}</span>
              ) : (
                <Link
                  href={hrefOf(page.id)}
                  aria-current={page.id === current ? 'page' : undefined}
                >
                  {'emoji' in page && page.emoji ? `${page.emoji} ` : ''}
                  {page.title || 'Untitled'}
                </Link>
              )}
              <PeopleHere people={peopleOn?.(page.id) ?? []} />
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** The initials of the people on a page, in their colours, each named for screen readers. */
export function PeopleHere({ people }: { people: readonly { name: string; color: string }[] }) {
  if (people.length === 0) return null;
  return (
    <span className="people-here">
      {people.map((person) => (
        <span
          key={`${person.name}:${person.color}`}
          className="person"
          style={{ background: person.color }}
          title={person.name}
          role="img"
          aria-label={`${person.name} is here`}
        >
          {person.name.slice(0, 1).toUpperCase()}
        </span>
      ))}
    </span>
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

/** Where a page sits: its parent (null at the top), its siblings and its index among them. */
export function placeOf(
  pages: readonly RevisionPage[],
  pageId: string,
  parent: string | null = null,
):
  | { parent: string | null; index: number; siblings: readonly RevisionPage[]; page: RevisionPage }
  | undefined {
  const index = pages.findIndex((page) => page.id === pageId);
  const found = pages[index];
  if (found !== undefined) return { parent, index, siblings: pages, page: found };
  for (const page of pages) {
    const inner = 'pages' in page ? placeOf(page.pages, pageId, page.id) : undefined;
    if (inner !== undefined) return inner;
  }
  return undefined;
}
