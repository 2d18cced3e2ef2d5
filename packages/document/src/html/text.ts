import { fromHtml } from 'hast-util-from-html';
import { toHtml } from 'hast-util-to-html';

/**
 * Escapes text as HTML element content the way GitBook writes it (hast-util-to-html): `&` and
 * `<` as hexadecimal references (`&#x26;`, `&#x3C;`), everything else as is.
 */
export function encodeHtmlText(text: string): string {
  return toHtml({ type: 'text', value: text });
}

/**
 * Unescapes element content written by `encodeHtmlText`. Returns `undefined` for anything else
 * (elements, other references), so that only HTML which writes back byte for byte is modelled.
 */
export function decodeHtmlText(html: string): string | undefined {
  if (html === '') return '';
  const [node, ...rest] = fromHtml(html, { fragment: true }).children;
  if (node?.type !== 'text' || rest.length > 0) return undefined;
  return encodeHtmlText(node.value) === html ? node.value : undefined;
}
