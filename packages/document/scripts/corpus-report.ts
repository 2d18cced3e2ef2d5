import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { documentToMarkdown, readMarkdown } from '../src/index.js';
import { renderGfm } from '../test/fidelity/gfm.js';
import { normalizeHtml, normalizeNesting } from '../test/fidelity/normalize-html.js';

/**
 * Round-trips every Markdown page under a folder (GitBook Git-sync exports, say) and prints how
 * many pages are fixed points, come back byte for byte, and render the same (GFM renderer,
 * whitespace collapsed, directly nested formatting in one order; how many also nest it the same
 * way is printed too), with the warnings by kind and on how many pages each appears.
 *
 * Usage: `pnpm report:corpus <folder> [--out <folder>] [--by-writer]`; with `--out`, each page
 * that does not come back byte for byte is written there (`<name>.out.md`) next to a copy of the
 * original. Figures are also given per top-level folder (one repository each, say). With
 * `--by-writer`, pages inside Git checkouts are also split by who wrote their current version:
 * GitBook (the last commit touching the page is GitBook's Git sync, committer `gitbook-bot`) or a
 * person editing the file directly.
 */
const [root, ...options] = process.argv.slice(2);
if (!root) {
  console.error('usage: corpus-report <folder> [--out <folder>]');
  process.exit(2);
}
const outIndex = options.indexOf('--out');
const out = outIndex === -1 ? undefined : options[outIndex + 1];
const byWriter = options.includes('--by-writer');
if (out) mkdirSync(out, { recursive: true });

function markdownFiles(folder: string): string[] {
  return readdirSync(folder)
    .sort()
    .flatMap((name) => {
      const path = join(folder, name);
      if (statSync(path).isDirectory()) return markdownFiles(path);
      if (name === '.git') return [];
      return name.endsWith('.md') ? [path] : [];
    });
}

const files = markdownFiles(root);
let fixedPoints = 0;
let identical = 0;
let rendersSame = 0;
let rendersSameStrictly = 0;
let bytes = 0;
const warningPages = new Map<string, number>();
const warningCounts = new Map<string, number>();
const differing: string[] = [];
const renderDiffering: string[] = [];
/** Per group (top-level folder, writer): pages, byte-identical, rendering the same. */
const groups = new Map<string, { pages: number; identical: number; rendersSame: number }>();
const count = (group: string, isIdentical: boolean, isSame: boolean) => {
  const entry = groups.get(group) ?? { pages: 0, identical: 0, rendersSame: 0 };
  entry.pages++;
  if (isIdentical) entry.identical++;
  if (isSame) entry.rendersSame++;
  groups.set(group, entry);
};

/** `gitbook` when GitBook's Git sync committed the page's current version, `person` otherwise. */
function writerOf(file: string): string {
  try {
    const committer = execFileSync('git', ['log', '-1', '--format=%cn', '--', basename(file)], {
      cwd: dirname(file),
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    return committer === 'gitbook-bot' ? 'written by GitBook' : 'written by people';
  } catch {
    return 'not in Git';
  }
}
for (const file of files) {
  const original = readFileSync(file, 'utf8');
  bytes += original.length;
  const { document, warnings } = readMarkdown(original);
  const written = documentToMarkdown(document);
  const again = documentToMarkdown(readMarkdown(written).document);
  if (again === written) fixedPoints++;
  if (written === original) identical++;
  else {
    differing.push(file);
    if (out) {
      const name = file.slice(root.length).replace(/^\/+/, '').replaceAll('/', '_');
      writeFileSync(join(out, name), original);
      writeFileSync(join(out, `${name}.out.md`), written);
    }
  }
  const [before, after] = [original, written].map((markdown) => normalizeHtml(renderGfm(markdown)));
  if (before === after) rendersSameStrictly++;
  const isSame =
    before === after || normalizeNesting(before ?? '') === normalizeNesting(after ?? '');
  if (isSame) rendersSame++;
  else renderDiffering.push(file);
  const folder = relative(root, file).split('/')[0] ?? '';
  count(`folder ${folder}`, written === original, isSame);
  if (byWriter) count(writerOf(file), written === original, isSame);
  const kinds = new Set<string>();
  for (const warning of warnings) {
    warningCounts.set(warning.kind, (warningCounts.get(warning.kind) ?? 0) + 1);
    kinds.add(warning.kind);
  }
  for (const kind of kinds) warningPages.set(kind, (warningPages.get(kind) ?? 0) + 1);
}

const percent = (part: number) => `${((part / files.length) * 100).toFixed(1)}%`;
console.log(`${files.length} pages, ${(bytes / 1e6).toFixed(1)} MB under ${basename(root)}`);
console.log(`  fixed points:   ${fixedPoints} (${percent(fixedPoints)})`);
console.log(`  byte-identical: ${identical} (${percent(identical)})`);
console.log(`  render same:    ${rendersSame} (${percent(rendersSame)})`);
console.log(
  `    of which with formatting nested the same way: ${rendersSameStrictly} (${percent(rendersSameStrictly)})`,
);
console.log('  warnings by kind (pages, occurrences):');
for (const [kind, pages] of [...warningPages].sort((a, b) => b[1] - a[1])) {
  console.log(`    ${kind}: ${pages} pages (${percent(pages)}), ${warningCounts.get(kind)}`);
}
console.log('  by group (pages: byte-identical, render same):');
for (const [group, entry] of [...groups].sort()) {
  const share = (part: number) => `${((part / entry.pages) * 100).toFixed(1)}%`;
  console.log(
    `    ${group}: ${entry.pages} pages: ${entry.identical} (${share(entry.identical)}), ${entry.rendersSame} (${share(entry.rendersSame)})`,
  );
}
if (process.env.LIST) {
  console.log('  render differently:');
  for (const file of renderDiffering) console.log(`    ${file}`);
}
