/** @jsxRuntime automatic @jsxImportSource hono/jsx */
import { LABELS } from './labels.js';
import { NavLabel } from './nav-label.js';
import type { PageTreeItem } from './props.js';

/** Whether the item is the page shown or holds it, so its pages start open. */
function holdsActivePage(item: PageTreeItem): boolean {
  return item.active === true || item.pages.some(holdsActivePage);
}

function TreeItems({ items, newTab }: { items: PageTreeItem[]; newTab: boolean }) {
  return (
    <>
      {items.map((item) => (
        <TreeItem item={item} newTab={newTab} />
      ))}
    </>
  );
}

// A group is a heading over its pages, at the level of the chrome's other headings (outline,
// footer). A page's own pages sit in a disclosure beside its link (a link inside a `<summary>`
// would be a control inside a control), open on the way to the page shown.
function TreeItem({ item, newTab }: { item: PageTreeItem; newTab: boolean }) {
  if (item.type === 'group' || item.href === undefined) {
    return (
      <li class="tree-group">
        <h2 class="tree-group-title">
          <NavLabel title={item.title} emoji={item.emoji} />
        </h2>
        {item.pages.length > 0 && (
          <ul>
            <TreeItems items={item.pages} newTab={newTab} />
          </ul>
        )}
      </li>
    );
  }
  if (item.type === 'link') {
    return (
      <li class="tree-item">
        <a
          href={item.href}
          class="external"
          target={newTab ? '_blank' : undefined}
          rel={newTab ? 'noopener' : undefined}
        >
          <NavLabel title={item.title} emoji={item.emoji} />
        </a>
      </li>
    );
  }
  const hasPages = item.pages.length > 0;
  return (
    <li class={hasPages ? 'tree-item has-pages' : 'tree-item'}>
      <a href={item.href} aria-current={item.active ? 'page' : undefined}>
        <NavLabel title={item.title} emoji={item.emoji} />
      </a>
      {hasPages && (
        <details class="tree-pages" open={holdsActivePage(item)}>
          <summary>
            <span class="visually-hidden">{LABELS.pagesUnder(item.title)}</span>
          </summary>
          <ul>
            <TreeItems items={item.pages} newTab={newTab} />
          </ul>
        </details>
      )}
    </li>
  );
}

/**
 * The sidebar's page tree, in a `nav` named "Pages": pages link, the page shown is
 * `aria-current="page"`, groups are headings over their pages, link pages lead out (in a new
 * tab when the customization's external links ask for one).
 *
 * @example
 * <PageTree id="site-pages" pages={[{ type: 'document', title: 'Intro', href: '/', active: true, pages: [] }]} />
 */
export function PageTree(props: { id: string; pages: PageTreeItem[]; newTab: boolean }) {
  return (
    <nav id={props.id} aria-label={LABELS.pages}>
      <ul class="page-tree">
        <TreeItems items={props.pages} newTab={props.newTab} />
      </ul>
    </nav>
  );
}
