/** @jsxRuntime automatic @jsxImportSource hono/jsx */
import { LABELS } from './labels.js';
import type { Link } from './props.js';

/**
 * Links to the previous and next pages, or nothing when there are neither.
 *
 * @example
 * <PaginationLinks previous={{ title: 'Intro', href: '/' }} next={{ title: 'Usage', href: '/usage' }} />
 */
export function PaginationLinks({ previous, next }: { previous?: Link; next?: Link }) {
  if (previous === undefined && next === undefined) return null;
  return (
    <nav class="pagination" aria-label={LABELS.pagination}>
      {previous && (
        <a class="previous" href={previous.href} rel="prev">
          <span>{LABELS.previous}</span>
          {previous.title}
        </a>
      )}
      {next && (
        <a class="next" href={next.href} rel="next">
          <span>{LABELS.next}</span>
          {next.title}
        </a>
      )}
    </nav>
  );
}
