/** @jsxRuntime automatic @jsxImportSource hono/jsx */
import { FaviconLinks } from './favicon-links.js';
import type { Customization } from './props.js';
import { themeScript } from './scripts/theme-script.js';
import { siteStyles } from './styles/site-styles.js';
import type { ThemeMode } from './theme-mode.js';

/** What a page tells browsers, search engines and link previews about itself. */
export interface DocumentHeadProps {
  /** The page's own title; the site's follows it in `<title>`. */
  title: string;
  siteTitle: string;
  description?: string;
  canonicalUrl?: string;
  /** Other versions of the page: `<link rel="alternate">` each. */
  alternateUrls?: string[];
  noIndex: boolean;
  /** `article` for a page of content, `website` for the site's other pages. */
  type: 'article' | 'website';
  customization: Customization;
  theme: ThemeMode;
  markdownHref?: string;
  nonce?: string;
}

/**
 * `"Page | Site"`, or the site's title alone on a page named like the site.
 *
 * @example
 * documentTitle('Install', 'Acme Docs'); // 'Install | Acme Docs'
 */
export function documentTitle(title: string, siteTitle: string): string {
  return title === siteTitle ? siteTitle : `${title} | ${siteTitle}`;
}

/** The page's `<head>`: title, description, canonical and alternate URLs, Open Graph, favicon, styles. */
export function DocumentHead(props: DocumentHeadProps) {
  const { customization, theme, nonce } = props;
  const title = documentTitle(props.title, props.siteTitle);
  const socialImage = customization.socialPreview?.url;
  return (
    <head>
      <meta charset="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <title>{title}</title>
      {props.description && <meta name="description" content={props.description} />}
      {props.noIndex && <meta name="robots" content="noindex" />}
      {props.canonicalUrl && <link rel="canonical" href={props.canonicalUrl} />}
      {props.alternateUrls?.map((url) => (
        <link rel="alternate" href={url} />
      ))}
      <meta
        name="color-scheme"
        content={theme.initial !== undefined && !theme.toggleable ? theme.initial : 'light dark'}
      />
      <meta property="og:title" content={props.title} />
      {props.description && <meta property="og:description" content={props.description} />}
      {props.canonicalUrl && <meta property="og:url" content={props.canonicalUrl} />}
      <meta property="og:type" content={props.type} />
      <meta property="og:site_name" content={props.siteTitle} />
      {socialImage && <meta property="og:image" content={socialImage} />}
      {props.markdownHref && (
        <link rel="alternate" type="text/markdown" href={props.markdownHref} />
      )}
      <FaviconLinks favicon={customization.favicon} />
      <style nonce={nonce} dangerouslySetInnerHTML={{ __html: siteStyles(customization, theme) }} />
      {theme.scripted && (
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: themeScript(theme.toggleable) }} />
      )}
    </head>
  );
}
