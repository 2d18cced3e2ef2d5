import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const directory = fileURLToPath(new URL('../fixtures/gfm/', import.meta.url));

/** The GFM sample set: one Markdown file per construct. */
export function loadGfmSamples(): { name: string; markdown: string }[] {
  return readdirSync(directory)
    .filter((file) => file.endsWith('.md'))
    .sort()
    .map((file) => ({ name: file, markdown: readFileSync(directory + file, 'utf8') }));
}
