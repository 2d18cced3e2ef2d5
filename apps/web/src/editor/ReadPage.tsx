import { lazy, Suspense } from 'react';
import type { ImageUrl } from './image-urls.js';
import type { ReusableContentOf } from './reusable-contents.js';

const PageReader = lazy(() => import('./PageReader.js'));

/** A page read, not edited: its title, and its document once the editor's reader has loaded. */
export function ReadPage({
  page,
  imageUrl,
  reusableContent,
  variables,
}: {
  page: { title: string; document?: unknown };
  imageUrl?: ImageUrl | undefined;
  reusableContent?: ReusableContentOf | undefined;
  variables?: Readonly<Record<string, string>> | undefined;
}) {
  return (
    <article>
      <h1>{page.title}</h1>
      {page.document === undefined ? null : (
        <Suspense fallback={<p className="loading">Loading…</p>}>
          <PageReader
            document={page.document}
            imageUrl={imageUrl}
            reusableContent={reusableContent}
            variables={variables}
          />
        </Suspense>
      )}
    </article>
  );
}
