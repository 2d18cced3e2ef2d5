import { readFileSync } from 'node:fs';
import { documentToMarkdown, readMarkdown } from '../src/index.js';
import { renderGfm } from '../test/fidelity/gfm.js';
import { normalizeHtml } from '../test/fidelity/normalize-html.js';
for (const file of process.argv.slice(2)) {
  const o = readFileSync(file, 'utf8');
  const w = documentToMarkdown(readMarkdown(o).document);
  const a = normalizeHtml(renderGfm(o)), b = normalizeHtml(renderGfm(w));
  let i = 0; while (i < a.length && a[i] === b[i]) i++;
  console.log('=== ' + file.split('/').pop());
  console.log(' orig: ' + a.slice(Math.max(0, i - 150), i + 150).replace(/\n/g, '⏎'));
  console.log(' out : ' + b.slice(Math.max(0, i - 150), i + 150).replace(/\n/g, '⏎'));
}
