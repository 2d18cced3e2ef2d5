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
