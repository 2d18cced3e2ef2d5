/**
 * Normalizes rendered HTML so that only differences a reader can see remain: whitespace between
 * tags is dropped and runs of whitespace collapse to one space (as browsers do), except inside
 * `<pre>`, where whitespace is content.
 */
export function normalizeHtml(html: string): string {
  return html
    .split(/(<pre[\s\S]*?<\/pre>)/)
    .map((part, index) =>
      index % 2 === 1
        ? part
        : part
            .replace(/>[ \t\r\n]+</g, '><')
            .replace(/[ \t\r\n]+/g, ' ')
            .trim(),
    )
    .join('');
}

const FORMATTING = '(strong|em|del)';
/** `<strong><a …>x</a></strong>`: formatting wrapped directly around a link with plain text. */
const AROUND_LINK = new RegExp(`<${FORMATTING}>(<a [^>]*>)([^<]*)</a></\\1>`, 'g');
/** `<strong><em>x</em></strong>`: two kinds of formatting wrapped directly around plain text. */
const NESTED = new RegExp(`<${FORMATTING}><${FORMATTING}>([^<]*)</\\2></\\1>`, 'g');

/**
 * Puts directly nested formatting in one order: bold, italic or strikethrough around a link's
 * whole text goes inside the link, and two kinds around the same text go in alphabetical order.
 * Either order displays the same; GitBook writes marks inside a link (`[**x**](u)`) where
 * Markdown written by hand often puts them around it (`**[x](u)**`).
 */
export function normalizeNesting(html: string): string {
  return html
    .replace(
      AROUND_LINK,
      (_, tag: string, open: string, text: string) => `${open}<${tag}>${text}</${tag}></a>`,
    )
    .replace(NESTED, (whole, outer: string, inner: string, text: string) =>
      outer <= inner ? whole : `<${inner}><${outer}>${text}</${outer}></${inner}>`,
    );
}
