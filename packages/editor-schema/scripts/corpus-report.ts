import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { mapPage, markdownPages } from '../test/support/map-page.js';

/**
 * Maps every Markdown page under a folder (GitBook Git-sync exports, say) through the editor and
 * back, and prints how many pages come back whole, which do not (and why), and how their blocks
 * are held: edited natively, by node type, or kept whole, by GitBook's node type.
 *
 * Usage: `pnpm report:corpus <folder>`.
 */
const [root] = process.argv.slice(2);
if (!root) {
  console.error('usage: corpus-report <folder>');
  process.exit(2);
}

const pages = markdownPages(root);
let whole = 0;
const failing: string[] = [];
const native = new Map<string, number>();
const kept = new Map<string, number>();
for (const path of pages) {
  const mapping = mapPage(readFileSync(path, 'utf8'));
  if (mapping.identity) whole++;
  else failing.push(`${relative(root, path)}${mapping.invalid ? `: ${mapping.invalid}` : ''}`);
  for (const [kind, count] of mapping.native) native.set(kind, (native.get(kind) ?? 0) + count);
  for (const [kind, count] of mapping.kept) kept.set(kind, (kept.get(kind) ?? 0) + count);
}

const percent = (count: number) =>
  pages.length === 0 ? '—' : `${((100 * count) / pages.length).toFixed(1)} %`;
const listed = (counts: Map<string, number>) =>
  [...counts]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([kind, count]) => `  ${kind}: ${count}`)
    .join('\n');
console.log(
  `${pages.length} pages: ${whole} come back whole through the editor (${percent(whole)})`,
);
if (failing.length > 0) console.log(`Not whole:\n${failing.map((line) => `  ${line}`).join('\n')}`);
console.log(`Edited natively, by node:\n${listed(native)}`);
console.log(`Kept whole, by GitBook's node type:\n${listed(kept)}`);
