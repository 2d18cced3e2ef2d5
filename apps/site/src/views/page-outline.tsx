/** @jsxRuntime automatic @jsxImportSource hono/jsx */
import type { RenderedHeading } from '@quire/render';
import { LABELS } from './labels.js';

/** The headings an outline lists: depth 2 and 3, with an id to link to. */
export function outlineHeadings(headings: RenderedHeading[]): RenderedHeading[] {
  return headings.filter(
    (heading) => heading.id !== '' && heading.depth >= 2 && heading.depth <= 3,
  );
}

/**
 * "On this page": links to the page's headings of depth 2 and 3, or nothing when it has none.
 *
 * @example
 * <PageOutline headings={[{ id: 'install', text: 'Install', depth: 2 }]} />
 */
export function PageOutline({ headings }: { headings: RenderedHeading[] }) {
  const listed = outlineHeadings(headings);
  if (listed.length === 0) return null;
  return (
    <aside class="outline" aria-labelledby="outline-title">
      <nav aria-labelledby="outline-title">
        <h2 id="outline-title">{LABELS.onThisPage}</h2>
        <ul>
          {listed.map((heading) => (
            <li class={`depth-${heading.depth}`}>
              <a href={`#${encodeURIComponent(heading.id)}`}>{heading.text}</a>
            </li>
          ))}
        </ul>
      </nav>
    </aside>
  );
}
