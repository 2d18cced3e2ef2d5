/** @jsxRuntime automatic @jsxImportSource hono/jsx */
import type { HeaderLink } from './props.js';

function HeaderEntry({ link }: { link: HeaderLink }) {
  const style = link.style ?? 'link';
  const className = style === 'link' ? undefined : `header-button header-${style}`;
  if (link.links === undefined || link.links.length === 0) {
    return link.href === undefined ? null : (
      <a href={link.href} class={className}>
        {link.title}
      </a>
    );
  }
  // A menu is a disclosure: it opens without a script, and its own link comes first in it.
  return (
    <details class="disclosure">
      <summary>{link.title}</summary>
      <ul>
        {link.href !== undefined && (
          <li>
            <a href={link.href}>{link.title}</a>
          </li>
        )}
        {link.links.map((item) => (
          <li>
            <a href={item.href}>{item.title}</a>
          </li>
        ))}
      </ul>
    </details>
  );
}

/**
 * The header's links, buttons and menus, in a `nav` named for the site.
 *
 * @example
 * <HeaderLinks links={[{ title: 'Blog', href: 'https://example.com/blog' }]} />
 */
export function HeaderLinks({ links, label }: { links: HeaderLink[]; label: string }) {
  const shown = links.filter((link) => link.href !== undefined || (link.links?.length ?? 0) > 0);
  if (shown.length === 0) return null;
  return (
    <nav aria-label={label}>
      <ul>
        {shown.map((link) => (
          <li>
            <HeaderEntry link={link} />
          </li>
        ))}
      </ul>
    </nav>
  );
}
