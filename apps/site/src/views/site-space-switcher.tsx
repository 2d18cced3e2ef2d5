/** @jsxRuntime automatic @jsxImportSource hono/jsx */
import { NavLabel } from './nav-label.js';
import type { NavEntry } from './props.js';

/**
 * A menu of the site spaces (variants, versions, languages), shown when there are two or more:
 * a disclosure naming the active one, which opens without a script.
 *
 * @example
 * <SiteSpaceSwitcher entries={[{ title: 'v2', href: '/v2/', active: true }, …]} label="Versions" />
 */
export function SiteSpaceSwitcher({ entries, label }: { entries: NavEntry[]; label: string }) {
  if (entries.length < 2) return null;
  const active = entries.find((entry) => entry.active);
  return (
    <nav aria-label={label}>
      <details class="disclosure switcher">
        <summary>
          <span class="visually-hidden">{label}: </span>
          {active?.title ?? label}
        </summary>
        <ul>
          {entries.map((entry) => (
            <li>
              <a href={entry.href} aria-current={entry.active ? 'true' : undefined}>
                <NavLabel title={entry.title} emoji={entry.emoji} icon={entry.icon} />
              </a>
            </li>
          ))}
        </ul>
      </details>
    </nav>
  );
}
