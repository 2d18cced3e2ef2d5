import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { readMarkdown } from '../src/index.js';

function files(d: string): string[] {
  return readdirSync(d).flatMap((n) => {
    const p = join(d, n);
    return statSync(p).isDirectory() ? files(p) : n.endsWith('.md') ? [p] : [];
  });
}
const byKey = new Map<string, Set<string>>();
for (const f of files('/work/corpus')) {
  const o = readFileSync(f, 'utf8');
  const lines = o.split('\n');
  for (const w of readMarkdown(o).warnings.filter((w) => w.kind === process.argv[2])) {
    const line = (lines[(w.line ?? 1) - 1] ?? '').trim();
    const key = line
      .replace(/"[^"]*"/g, '"…"')
      .replace(/>[^<]+</g, '>…<')
      .slice(0, 50);
    if (!byKey.has(key)) byKey.set(key, new Set());
    byKey.get(key)!.add(f.split('/').slice(-2).join('/'));
  }
}
for (const [k, s] of [...byKey].sort((a, b) => b[1].size - a[1].size).slice(0, 30))
  console.log(String(s.size).padStart(3), JSON.stringify(k), [...s][0]);
