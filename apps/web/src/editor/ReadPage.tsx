import { lazy, Suspense, useMemo } from 'react';
import type { ImageUrl } from './image-urls.js';
import type { ReusableContentOf } from './reusable-contents.js';

type Variables = Readonly<Record<string, string>>;

const loadPageReader = () => import('./PageReader.js');
const PageReader = lazy(loadPageReader);

/**
 * Starts loading the reader (Tiptap) while the page itself is read: a screen that will show a
 * page calls it first, so the two downloads overlap instead of following one another.
 */
export function preloadPageReader(): void {
  void loadPageReader();
}

/** A page read, not edited: its title, and its document once the editor's reader has loaded. */
export function ReadPage({
  page,
  imageUrl,
  reusableContent,
  variables,
}: {
  page: { title: string; document?: unknown; variables?: Variables | undefined };
  imageUrl?: ImageUrl | undefined;
  reusableContent?: ReusableContentOf | undefined;
  /** The space's variables; the page's own are the page's. */
  variables?: Variables | undefined;
}) {
  // The same object while neither changes: the reader is made again when its variables change.
  const shown = useMemo(
    () => ({ space: variables ?? {}, page: page.variables ?? {} }),
    [variables, page.variables],
  );
  return (
    <article>
      <h1>{page.title}</h1>
      {page.document === undefined ? null : (
        <Suspense fallback={<p className="loading">Loading…</p>}>
          <PageReader
            document={page.document}
            imageUrl={imageUrl}
            reusableContent={reusableContent}
            variables={shown}
          />
        </Suspense>
      )}
    </article>
  );
}
