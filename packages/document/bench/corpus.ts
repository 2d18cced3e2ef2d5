import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import MarkdownIt from 'markdown-it';
import { documentToMarkdown, markdownToDocument } from '../src/index.js';

/**
 * Markdown read and written over real pages: every page under a folder (by default the pages of
 * three GitBook repositories the server's Git sync tests hold; BENCH_CORPUS for another), read
 * into documents and written back, in MB/s, beside markdown-it parsing and rendering the same
 * pages to HTML (which builds no document), median of BENCH_RUNS passes after one warm-up pass.
 */
const folder =
  process.env.BENCH_CORPUS ??
  join(import.meta.dirname, '../../../apps/server/test/fixtures/gitbook-repos');
const runs = Number(process.env.BENCH_RUNS ?? 5);

function markdownFiles(path: string): string[] {
  return readdirSync(path).flatMap((name) => {
    const child = join(path, name);
    if (name === '.git' || name === 'node_modules') return [];
    if (statSync(child).isDirectory()) return markdownFiles(child);
    return name.endsWith('.md') ? [child] : [];
  });
}

const pages = markdownFiles(folder).map((path) => readFileSync(path, 'utf8'));
const megabytes = pages.reduce((sum, page) => sum + Buffer.byteLength(page), 0) / 1e6;

function throughput(pass: () => void): number {
  pass();
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const start = performance.now();
    pass();
    times.push(performance.now() - start);
  }
  const median = [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)] ?? Number.NaN;
  return megabytes / (median / 1000);
}

const markdownIt = new MarkdownIt('commonmark').enable(['table', 'strikethrough']);
const quire = throughput(() => {
  for (const page of pages) documentToMarkdown(markdownToDocument(page));
});
const reference = throughput(() => {
  for (const page of pages) markdownIt.render(page);
});

console.log(`${pages.length} pages, ${megabytes.toFixed(2)} MB under ${folder}`);
console.table([
  { pass: 'Markdown → document → Markdown', 'MB/s': Number(quire.toFixed(2)) },
  { pass: 'markdown-it, Markdown → HTML', 'MB/s': Number(reference.toFixed(2)) },
]);
console.log(`Ratio to markdown-it: ${(quire / reference).toFixed(2)} (aim: a third, 6 MB/s)`);
