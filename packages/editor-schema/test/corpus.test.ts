import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { mapPage, markdownPages, type PageMapping } from './support/map-page.js';

// The repositories GitBook wrote that the server's Git sync tests read (see their README).
const repositories = join(import.meta.dirname, '../../../apps/server/test/fixtures/gitbook-repos');

describe("the editor's document, over pages GitBook wrote", () => {
  const pages = markdownPages(repositories);
  let mappings: PageMapping[];
  // Three seconds on an idle machine; while CI runs every other suite beside it, many times that.
  beforeAll(() => {
    mappings = pages.map((path) => mapPage(readFileSync(path, 'utf8')));
  }, 120_000);

  it('maps every page of the repositories through the editor and back unchanged', () => {
    expect(pages.length).toBeGreaterThan(90);
    const notWhole = pages.filter((_, index) => mappings[index]?.identity !== true);
    expect(notWhole.map((path) => relative(repositories, path))).toEqual([]);
  });

  it('edits their text natively and keeps only what it cannot edit whole', () => {
    const native = new Set<string>();
    const kept = new Set<string>();
    for (const mapping of mappings) {
      for (const kind of mapping.native.keys()) native.add(kind);
      for (const kind of mapping.kept.keys()) kept.add(kind);
    }
    for (const kind of ['paragraph', 'heading', 'bulletList', 'codeBlock', 'hint']) {
      expect(native).toContain(kind);
    }
    // Nothing the editor edits natively is also kept whole.
    for (const kind of ['paragraph', 'heading', 'list-unordered', 'code', 'hint']) {
      expect(kept).not.toContain(kind);
    }
  });
});
