import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fastTree } from '../src/markdown/fast-tree.js';
import { mayHoldDefinition, splitTopLevelBlocks } from '../src/markdown/top-level-blocks.js';
function files(p: string): string[] { return readdirSync(p).flatMap((n) => { const c = join(p, n); if (n === '.git') return []; if (statSync(c).isDirectory()) return files(c); return n.endsWith('.md') ? [c] : []; }); }
const reasons = new Map<string, { bytes: number; n: number; sample: string }>();
let total = 0, fallback = 0;
const add = (reason: string, text: string) => { const r = reasons.get(reason) ?? { bytes: 0, n: 0, sample: '' }; r.bytes += text.length; r.n++; if (r.sample === '' || Math.random() < 0.05) r.sample = text.slice(0, 160); reasons.set(reason, r); };
for (const f of files(process.env.CORPUS ?? '/tmp/corpus')) {
  let text = readFileSync(f, 'utf8');
  total += text.length;
  const m = /^---\n[\s\S]*?\n---\n/.exec(text); if (m) text = text.slice(m[0].length);
  if (fastTree(text) !== undefined) continue;
  for (const piece of splitTopLevelBlocks(text, 0)) {
    if (fastTree(piece.text) !== undefined) continue;
    fallback += piece.text.length;
    const t = piece.text;
    const reason = /\t/.test(t) ? 'tab' : /\r/.test(t) ? 'cr' : /\0/.test(t) ? 'nul' : /\[\^/.test(t) ? 'footnote [^' : /^(?:\uFEFF|---)/.test(t) ? 'opening' : mayHoldDefinition.test(t) ? 'definition?' : 'NotFast:' + (t.trimStart()[0] ?? '?');
    add(reason, t);
  }
}
console.log('total', total, 'fallback bytes', fallback, (100 * fallback / total).toFixed(1) + '%');
for (const [k, v] of [...reasons].sort((a, b) => b[1].bytes - a[1].bytes)) console.log(k.padEnd(16), v.n, v.bytes, JSON.stringify(v.sample));
