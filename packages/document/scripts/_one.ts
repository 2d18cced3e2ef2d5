import { readFileSync } from 'node:fs';
import { documentToMarkdown, readMarkdown } from '../src/index.js';
for (const f of process.argv.slice(2)) { const o = readFileSync(f, 'utf8'); const w = documentToMarkdown(readMarkdown(o).document); console.log(f.split('/').pop(), o === w ? 'IDENTICAL' : 'differs'); }
