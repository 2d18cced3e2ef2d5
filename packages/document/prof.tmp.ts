import { markdownToDocument, documentToMarkdown } from './src/index.ts';
import { parseMarkdownTree } from './src/markdown/parse.ts';
import { generatePage } from './bench/generate-page.ts';
const md = generatePage(256 * 1024);
markdownToDocument(md);
let t = performance.now(); parseMarkdownTree(md); console.log('parse', (performance.now() - t).toFixed(0));
t = performance.now(); const doc = markdownToDocument(md); console.log('md->doc', (performance.now() - t).toFixed(0));
t = performance.now(); documentToMarkdown(doc); console.log('doc->md', (performance.now() - t).toFixed(0));
