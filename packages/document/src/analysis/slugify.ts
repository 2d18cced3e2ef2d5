import GithubSlugger, { slug } from 'github-slugger';

/**
 * The slug of a heading or page title, as GitHub and GitBook make anchors: lowercase, spaces to
 * dashes, punctuation dropped.
 *
 * @example
 * slugify('Getting Started!'); // 'getting-started'
 */
export function slugify(text: string): string {
  return slug(text);
}

/**
 * A slugger that keeps anchors unique within one page: the second "Usage" becomes `usage-1`.
 *
 * @example
 * const slugger = createSlugger();
 * slugger.slug('Usage'); // 'usage'
 * slugger.slug('Usage'); // 'usage-1'
 */
export function createSlugger(): { slug(text: string): string } {
  const slugger = new GithubSlugger();
  return { slug: (text) => slugger.slug(text) };
}
