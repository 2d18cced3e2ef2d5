/** A page file's frontmatter: its YAML between `---` lines at the very start, and the break after. */
export const frontmatterPattern = /^---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;

/**
 * A page's frontmatter: its YAML, without the `---` lines, and where it ends (after the closing
 * line's break); `undefined` when it has none.
 * @example frontmatterOf('---\ntitle: A\n---\n# A\n'); // { yaml: 'title: A', end: 17 }
 */
export function frontmatterOf(markdown: string): { yaml: string; end: number } | undefined {
  const found = frontmatterPattern.exec(markdown);
  return found === null ? undefined : { yaml: found[1] ?? '', end: found[0].length };
}
