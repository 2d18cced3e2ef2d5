/** @jsxRuntime automatic @jsxImportSource hono/jsx */
import type { Child } from 'hono/jsx';
import { DocumentHead, type DocumentHeadProps } from './document-head.js';
import { LABELS } from './labels.js';

/** The id of the `<main>` element the skip link leads to. */
export const MAIN_ID = 'main';

/**
 * The `<html>` element of every page: its language and starting theme, its head, then the skip
 * link as the first thing to focus, the body's content, and the scripts that run after it.
 *
 * @example
 * htmlDocument(<PageShell language="en" head={head}><main id="main">…</main></PageShell>);
 */
export function PageShell(props: {
  language: string;
  head: DocumentHeadProps;
  /** Scripts to run once the body is parsed. */
  scripts?: string[];
  children: Child;
}) {
  const { head } = props;
  return (
    <html lang={props.language} data-theme={head.theme.initial}>
      <DocumentHead {...head} />
      <body>
        <a class="skip-link" href={`#${MAIN_ID}`}>
          {LABELS.skipToContent}
        </a>
        {props.children}
        {(props.scripts ?? []).map((script) => (
          <script nonce={head.nonce} dangerouslySetInnerHTML={{ __html: script }} />
        ))}
      </body>
    </html>
  );
}
