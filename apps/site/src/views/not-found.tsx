/** @jsxRuntime automatic @jsxImportSource hono/jsx */
import type { DocumentHeadProps } from './document-head.js';
import { htmlDocument } from './html-document.js';
import { LABELS } from './labels.js';
import { MAIN_ID, PageShell } from './page-shell.js';
import type { NotFoundProps } from './props.js';
import { SiteLayout } from './site-layout.js';
import { themeMode } from './theme-mode.js';

function NotFoundMessage({ homeHref }: { homeHref: string }) {
  return (
    <>
      <h1>{LABELS.notFoundTitle}</h1>
      <p>{LABELS.notFoundMessage}</p>
      <p>
        <a href={homeHref}>{LABELS.backHome}</a>
      </p>
    </>
  );
}

/**
 * The page for an address that leads nowhere, as a whole HTML document (to send with a 404):
 * inside the site's chrome when the site is known, so its navigation and search stay at hand;
 * a plain page otherwise. Never indexed.
 *
 * @example
 * return c.html(renderNotFound({ site }), 404);
 */
export function renderNotFound({ site, nonce }: NotFoundProps = {}): string {
  const customization = site?.customization ?? {};
  const head: DocumentHeadProps = {
    title: LABELS.notFoundTitle,
    siteTitle: site?.title ?? LABELS.notFoundTitle,
    noIndex: true,
    type: 'website',
    customization,
    theme: themeMode(customization),
    nonce,
  };
  if (site === undefined) {
    return htmlDocument(
      <PageShell language="en" head={head}>
        <main id={MAIN_ID} tabindex={-1} class="not-found">
          <NotFoundMessage homeHref="/" />
        </main>
      </PageShell>,
    );
  }
  return htmlDocument(
    <SiteLayout site={site} head={head}>
      <NotFoundMessage homeHref={site.homeHref} />
    </SiteLayout>,
  );
}
