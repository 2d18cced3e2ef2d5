import { createHash } from 'node:crypto';
import type { Context } from 'hono';

// Inline scripts without `src`: the only scripts a page may run are these, by their hash.
const inlineScript = /<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/gi;

/**
 * The Content-Security-Policy of a page of HTML: scripts from the site and the inline ones it
 * holds (by SHA-256, so an injected one never runs), styles from the site and inline (highlighted
 * code colours its tokens with style attributes), images and frames (embeds) from anywhere on the
 * web, nothing framing the page but the site itself and the origins its customization allows
 * (`embedding.allowedOrigins`).
 * @example contentSecurityPolicy('<script>theme()</script>'); // "default-src 'self'; script-src 'self' 'sha256-…'; …"
 */
export function contentSecurityPolicy(html: string, framedBy: readonly string[] = []): string {
  const hashes = new Set<string>();
  for (const [, body = ''] of html.matchAll(inlineScript)) {
    if (body !== '') hashes.add(`'sha256-${createHash('sha256').update(body).digest('base64')}'`);
  }
  return [
    "default-src 'self'",
    ['script-src', "'self'", ...hashes].join(' '),
    "style-src 'self' 'unsafe-inline'",
    'img-src * data: blob:',
    'media-src *',
    'frame-src https: http:',
    'font-src * data:',
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    ['frame-ancestors', "'self'", ...framedBy].join(' '),
  ].join('; ');
}

/** A page of HTML as it is answered: its policy, and no sniffing, no full referrer elsewhere. */
export function htmlHeaders(csp: string): Record<string, string> {
  return {
    'Content-Type': 'text/html; charset=UTF-8',
    'Content-Security-Policy': csp,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
  };
}

/** Answers `html` with the headers every page of a site carries. */
export function answerHtml(
  c: Context,
  html: string,
  {
    status = 200,
    framedBy = [],
  }: { status?: 200 | 404 | 429 | 502; framedBy?: readonly string[] } = {},
): Response {
  for (const [name, value] of Object.entries(htmlHeaders(contentSecurityPolicy(html, framedBy)))) {
    c.header(name, value);
  }
  return c.body(html, status);
}
