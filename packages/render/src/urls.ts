import type { LinkRef } from '@quire/document';
import type { RenderContext } from './context.js';

const SCHEME = /^([a-z][a-z\d+.-]*):/i;
const ALLOWED_SCHEMES = new Set(['http', 'https', 'mailto']);
// Browsers drop tabs and newlines inside URLs (`java\nscript:` runs), so any control character
// makes a URL unsafe rather than something to strip and re-check.
function hasControlCharacter(url: string): boolean {
  for (let index = 0; index < url.length; index++) {
    const code = url.charCodeAt(index);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/**
 * The URL if a link or image may point there: http(s), mailto, relative and fragment URLs.
 *
 * @example
 * safeUrl('https://example.com'); // 'https://example.com'
 * safeUrl('javascript:alert(1)'); // undefined
 */
export function safeUrl(url: string): string | undefined {
  const trimmed = url.trim();
  if (trimmed === '' || hasControlCharacter(trimmed)) return undefined;
  const scheme = SCHEME.exec(trimmed)?.[1];
  if (scheme === undefined) return trimmed;
  return ALLOWED_SCHEMES.has(scheme.toLowerCase()) ? trimmed : undefined;
}

/** Whether a source names a file of the space (a relative path) rather than a URL. */
function isFileReference(source: string): boolean {
  return !SCHEME.test(source) && !source.startsWith('/') && !source.startsWith('#');
}

/** Where a file of the space is served, through the caller's resolver; always a safe URL. */
export function fileUrl(file: string, context: RenderContext): string | undefined {
  const resolved = context.options.resolveFileUrl(file);
  return resolved === undefined ? undefined : safeUrl(resolved);
}

/** An image source: files of the space go through the file resolver, URLs are checked. */
export function imageUrl(source: string, context: RenderContext): string | undefined {
  return isFileReference(source) ? fileUrl(source, context) : safeUrl(source);
}

/** The URL a link reference points at, or `undefined` when it is unresolved or unsafe. */
export function linkRefUrl(ref: LinkRef, context: RenderContext): string | undefined {
  switch (ref.kind) {
    case 'url':
      return safeUrl(ref.url);
    case 'anchor':
      return `#${ref.anchor}`;
    case 'file':
      return fileUrl(ref.file, context);
    case 'page': {
      const resolved = context.options.resolvePageUrl(ref.page, ref.anchor);
      return resolved === undefined ? undefined : safeUrl(resolved);
    }
  }
}
