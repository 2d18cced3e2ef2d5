import rehypeStringify from 'rehype-stringify';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { documentToMarkdown, markdownToDocument } from '../../src/index.js';
import { normalizeHtml } from './normalize-html.js';

const renderer = unified()
  .use(remarkParse)
  .use(remarkGfm)
  .use(remarkMath, { singleDollarTextMath: false })
  .use(remarkRehype)
  .use(rehypeStringify);

/** Renders Markdown with GFM and math the way GitHub-flavoured renderers do. */
export function renderGfm(markdown: string): string {
  return String(renderer.processSync(markdown));
}

/** Whether a sample renders the same before and after a round trip, and is a fixed point. */
export function checkGfmSample(markdown: string): {
  matches: boolean;
  fixedPoint: boolean;
  roundTripped: string;
  originalHtml: string;
  roundTrippedHtml: string;
} {
  const roundTripped = documentToMarkdown(markdownToDocument(markdown));
  const originalHtml = normalizeHtml(renderGfm(markdown));
  const roundTrippedHtml = normalizeHtml(renderGfm(roundTripped));
  return {
    matches: originalHtml === roundTrippedHtml,
    fixedPoint: documentToMarkdown(markdownToDocument(roundTripped)) === roundTripped,
    roundTripped,
    originalHtml,
    roundTrippedHtml,
  };
}
