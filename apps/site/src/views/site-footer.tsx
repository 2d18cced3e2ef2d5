/** @jsxRuntime automatic @jsxImportSource hono/jsx */
import { LABELS } from './labels.js';
import type { FooterGroup, SiteProps } from './props.js';
import { ThemedImg } from './themed-image.js';

function FooterGroupLinks({ group }: { group: FooterGroup }) {
  return (
    <div class="footer-group">
      <h2>{group.title}</h2>
      <ul>
        {group.links.map((link) => (
          <li>
            <a href={link.href}>{link.title}</a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The site's footer: its groups of links, its logo, copyright and, unless the customization
 * turns the trademark off, a "Powered by" line.
 *
 * @example
 * <SiteFooter site={site} />
 */
export function SiteFooter({ site }: { site: SiteProps }) {
  const { footer, trademark } = site.customization;
  const groups = site.footerGroups ?? [];
  const logo = footer?.logo;
  return (
    <footer class="site-footer">
      <div class="footer-inner">
        {groups.length > 0 && (
          <nav aria-label={LABELS.footer} class="footer-groups">
            {groups.map((group) => (
              <FooterGroupLinks group={group} />
            ))}
          </nav>
        )}
        <div class="footer-meta">
          {(logo?.light || logo?.dark) && (
            <p>
              <ThemedImg image={logo} alt={site.title} />
            </p>
          )}
          {footer?.copyright && <p>{footer.copyright}</p>}
          {trademark?.enabled !== false && <p>{LABELS.poweredBy}</p>}
        </div>
      </div>
    </footer>
  );
}
