/** An answer's text with only the links it was given, and which of those it cites. */
export interface CheckedText {
  markdown: string;
  /** The given URLs the text links to, as given. */
  cited: Set<string>;
}

// `[text](url "title")`, `<https://…>`, and URLs written bare.
const markdownLink = /(!?)\[([^\]\n]*)\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"\n]*")?\s*\)/g;
const autolink = /<(https?:\/\/[^>\s]+)>/g;
const bareUrl = /https?:\/\/[^\s)<>\]"'`]+/g;
// What the end of a text still being written may hold of a link not finished yet.
const unfinishedLink = /!?\[[^\]\n]*(?:\](?:\([^)\n]*)?)?$|<https?:[^>\s]*$|https?:\/\/\S*$/;

/**
 * Keeps in an answer only the links to URLs it was given (a link to a given page without the
 * section's fragment counts as the page): a Markdown link elsewhere becomes its text, an image
 * or a bare or angle-bracketed URL elsewhere goes. While the answer is still being written
 * (`partial`), a link not yet finished at its end is held back, so no reader ever sees a made-up
 * URL, even half of one.
 * @example checkLinks('See [Install](https://x.test/install) or [this](https://evil.test)', given);
 * // 'See [Install](https://x.test/install) or this', citing https://x.test/install
 */
export function checkLinks(
  text: string,
  given: ReadonlySet<string>,
  { partial }: { partial: boolean },
): CheckedText {
  const pages = new Map([...given].map((url) => [withoutFragment(url), url]));
  const cited = new Set<string>();
  const givenAs = (url: string) => (given.has(url) ? url : pages.get(withoutFragment(url)));
  const source = partial ? text.replace(unfinishedLink, '') : text;
  // Links kept are set aside (as private-use characters no text holds) while bare URLs are
  // looked for, then put back.
  const kept: string[] = [];
  const keep = (link: string) => `\uE000${kept.push(link) - 1}\uE000`;
  const markdown = source
    .replace(markdownLink, (_whole, image: string, label: string, url: string) => {
      const known = givenAs(url);
      if (known === undefined || image === '!') return label;
      cited.add(known);
      return keep(`[${label}](${url})`);
    })
    .replace(autolink, (_whole, url: string) => {
      const known = givenAs(url);
      if (known === undefined) return '';
      cited.add(known);
      return keep(`<${url}>`);
    })
    .replace(bareUrl, (url) => {
      const known = givenAs(url.replace(/[.,;:!?]+$/, ''));
      if (known === undefined) return '';
      cited.add(known);
      return url;
    })
    .replace(/\uE000(\d+)\uE000/g, (_whole, index: string) => kept[Number(index)] ?? '');
  return { markdown, cited };
}

function withoutFragment(url: string): string {
  const hash = url.indexOf('#');
  return hash === -1 ? url : url.slice(0, hash);
}
