import rehypeParse from 'rehype-parse';
import rehypeRemark from 'rehype-remark';
import remarkGfm from 'remark-gfm';
import remarkStringify from 'remark-stringify';
import { unified } from 'unified';

const htmlToMarkdownProcessor = unified()
  .use(rehypeParse)
  .use(rehypeRemark)
  .use(remarkGfm)
  .use(remarkStringify, { bullet: '-', emphasis: '_', fences: true });

/**
 * HTML (a whole page or a fragment) as Markdown, with the unified ecosystem: parsed by
 * rehype-parse as a browser would, mapped to Markdown by rehype-remark (scripts, styles and
 * other non-content dropped), tables kept as GFM tables. Pure and synchronous, so the worker
 * threads run it too.
 * @example htmlToMarkdown('<h1>Install</h1><p>Run <code>quire</code>.</p>'); // '# Install\n\nRun `quire`.\n'
 */
export function htmlToMarkdown(html: string): string {
  return String(htmlToMarkdownProcessor.processSync(html));
}
