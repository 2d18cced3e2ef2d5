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
