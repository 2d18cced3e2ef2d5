/** @jsxRuntime automatic @jsxImportSource hono/jsx */
import { NavLabel } from './nav-label.js';
import type { NavEntry } from './props.js';

/**
 * The site's sections as tabs, shown when there are two or more. The active one is marked
 * `aria-current="true"`: it is the current section, not necessarily the current page.
 *
 * @example
 * <SectionTabs sections={[{ title: 'Guides', href: '/', active: true }, …]} label="Sections" />
 */
export function SectionTabs({ sections, label }: { sections: NavEntry[]; label: string }) {
  if (sections.length < 2) return null;
  return (
    <nav class="section-tabs" aria-label={label}>
      <ul>
        {sections.map((section) => (
          <li>
            <a href={section.href} aria-current={section.active ? 'true' : undefined}>
              <NavLabel title={section.title} emoji={section.emoji} icon={section.icon} />
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
