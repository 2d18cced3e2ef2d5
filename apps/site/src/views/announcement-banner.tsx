/** @jsxRuntime automatic @jsxImportSource hono/jsx */
import { LABELS } from './labels.js';
import type { Customization, Link } from './props.js';

/**
 * The site's announcement above its header, when the customization turns it on and says
 * something; its link comes resolved by the handler.
 *
 * @example
 * <AnnouncementBanner announcement={{ enabled: true, message: 'v2 is out' }} link={{ title: 'Read more', href: '/v2' }} />
 */
export function AnnouncementBanner(props: {
  announcement: Customization['announcement'];
  link?: Link;
}) {
  const { announcement, link } = props;
  if (announcement?.enabled !== true || !announcement.message) return null;
  return (
    <section
      class={`announcement announcement-${announcement.style ?? 'info'}`}
      aria-label={LABELS.announcement}
    >
      <p>
        {announcement.message}
        {link && (
          <>
            {' '}
            <a href={link.href}>{link.title}</a>
          </>
        )}
      </p>
    </section>
  );
}
