/** @jsxRuntime automatic @jsxImportSource hono/jsx */
import { emojiText } from './emoji.js';
import { LABELS } from './labels.js';
import { PaginationLinks } from './pagination-links.js';
import type { PageProps } from './props.js';

/**
 * The page's article: emoji and title, description, a link to its Markdown, its rendered
 * content (sanitized by `@quire/render`, so inserted as it is), then previous and next links
 * when `paginated`.
 *
 * @example
 * <PageArticle page={page} paginated={customization.pagination?.enabled !== false} />
 */
export function PageArticle({ page, paginated }: { page: PageProps; paginated: boolean }) {
  return (
    <article>
      <header class="page-header">
        <h1>
          {page.emoji && (
            <span class="page-emoji" aria-hidden="true">
              {emojiText(page.emoji)}
            </span>
          )}
          {page.title}
        </h1>
        {page.description && <p class="page-description">{page.description}</p>}
        {page.markdownHref && (
          <p class="page-actions">
            <a href={page.markdownHref} type="text/markdown">
              {LABELS.viewMarkdown}
            </a>
          </p>
        )}
      </header>
      <div class="content" dangerouslySetInnerHTML={{ __html: page.html }} />
      {paginated && <PaginationLinks previous={page.previous} next={page.next} />}
    </article>
  );
}
