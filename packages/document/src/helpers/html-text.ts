const ENCODE: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
const DECODE: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"' };

/** Escapes text for an HTML attribute value or element content. */
export function encodeHtmlText(text: string): string {
  return text.replace(/[&<>"]/g, (char) => ENCODE[char] ?? char);
}

/**
 * Unescapes text written by `encodeHtmlText`. Returns `undefined` for anything else (other
 * entities, stray `&`), so that only HTML which writes back byte for byte is modelled.
 */
export function decodeHtmlText(html: string): string | undefined {
  const text = html.replace(/&(?:amp|lt|gt|quot);/g, (entity) => DECODE[entity] ?? entity);
  return encodeHtmlText(text) === html ? text : undefined;
}

const CONTENT_ENCODE: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };

/** Escapes text for element content, as GitBook writes it: quotes stay as they are. */
export function encodeHtmlContent(text: string): string {
  return text.replace(/[&<>]/g, (char) => CONTENT_ENCODE[char] ?? char);
}

/** Unescapes element content written by `encodeHtmlContent`; `undefined` for anything else. */
export function decodeHtmlContent(html: string): string | undefined {
  const text = html.replace(/&(?:amp|lt|gt);/g, (entity) => DECODE[entity] ?? entity);
  return encodeHtmlContent(text) === html ? text : undefined;
}
