import { documentToMarkdown, markdownToDocument } from '@quire/document';
import { describe, expect, it } from 'vitest';
import type { PageNode } from '../src/domain/content/read-content.js';
import type { PageRecord } from '../src/domain/content/records.js';
import { blobOf } from '../src/domain/git-sync/git-repository.js';
import { escapeHeading, readPageFile, writePageFile } from '../src/domain/git-sync/page-file.js';
import { readRepository } from '../src/domain/git-sync/read-repository.js';
import { repositoryLayout } from '../src/domain/git-sync/repository-layout.js';
import { spaceFiles } from '../src/domain/git-sync/space-files.js';
import { summarySays, writeSummary } from '../src/domain/git-sync/summary-file.js';
import {
  emptySyncState,
  pageDigest,
  type SyncState,
  variablesDigest,
} from '../src/domain/git-sync/sync-state.js';
import { readSummary } from '../src/domain/imports/summary-toc.js';

// Findings of the no-churn test on real GitBook repositories (`git-sync-no-churn.test.ts`), each
// pinned here at the level of the format code.

const page = (fields: Partial<PageRecord> & { id: string; title: string }): PageRecord => ({
  type: 'document',
  slug: fields.id,
  parent: null,
  documentId: `doc-${fields.id}`,
  children: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...fields,
});
const node = (record: PageRecord, children: PageNode[] = []): PageNode => ({
  page: record,
  path: record.slug,
  children,
});
const bytes = (text: string) => new Uint8Array(Buffer.from(text, 'utf8'));
const text = (value: Uint8Array | undefined) =>
  value === undefined ? undefined : Buffer.from(value).toString('utf8');
const services = (bodies: Record<string, string>) => ({
  body: async (documentId: string) => markdownToDocument(bodies[documentId] ?? ''),
  toMarkdown: async (document: Parameters<typeof documentToMarkdown>[0]) =>
    documentToMarkdown(document),
  fileBytes: async () => new Uint8Array(),
  blobOf,
});
const layout = repositoryLayout('', undefined);

describe('Git sync format', () => {
  it('reads a table of contents title with escaped brackets as a link to its file', () => {
    const [entry] = readSummary('* [\\[Alpha\\] Saved dataset](concepts/dataset.md)\n', 'docs');
    expect(entry).toMatchObject({
      title: '[Alpha] Saved dataset',
      path: 'docs/concepts/dataset.md',
    });
    expect(readSummary('## Guides \\& tips\n', '')[0]?.title).toBe('Guides & tips');
    const written = writeSummary(
      [{ kind: 'document', title: '[Alpha] a\\[b', path: 'a.md', children: [] }],
      'SUMMARY.md',
    );
    expect(written).toBe('# Table of contents\n\n* [\\[Alpha\\] a\\\\\\[b](a.md)\n');
    expect(readSummary(written, '')[0]?.title).toBe('[Alpha] a\\[b');
  });

  it("reads a page title without GitBook's escapes, and writes them back as they were", () => {
    const file = '# \\[Alpha] Saved dataset\n\nBody.\n';
    expect(readPageFile(file).title).toBe('[Alpha] Saved dataset');
    expect(readPageFile('# Using C#\n').title).toBe('Using C#');
    expect(readPageFile('# Closed #\n').title).toBe('Closed');
    expect(readPageFile('# Hash \\#\n').title).toBe('Hash #');
    expect(
      writePageFile({ title: '[Alpha] Saved dataset', fields: {}, body: 'Body, edited.\n' }, file),
    ).toBe('# \\[Alpha] Saved dataset\n\nBody, edited.\n');
    expect(
      writePageFile({ title: '[Beta] Saved dataset', fields: {}, body: 'Body.\n' }, file),
    ).toBe('# \\[Beta] Saved dataset\n\nBody.\n');
  });

  it("reads a page's own variables from its frontmatter's `vars` as text, and writes them there only when they change", () => {
    const file =
      '---\ndescription: Setup\nvars:\n  version: 3.10 # the LTS\n  os: Linux\nlayout:\n  width: wide\n---\n\n# Install\n\nBody.\n';
    const read = readPageFile(file, 'install.md');
    expect(read.fields).toEqual({
      description: 'Setup',
      variables: { version: '3.10', os: 'Linux' },
    });
    // Unchanged, the file is written back byte for byte, comment and all.
    expect(writePageFile({ title: 'Install', fields: read.fields, body: 'Body.\n' }, file)).toBe(
      file,
    );
    // Changed, only `vars` is written anew; a value YAML would read otherwise is quoted.
    const changed = writePageFile(
      {
        title: 'Install',
        fields: { description: 'Setup', variables: { version: '4.0', os: 'true' } },
        body: 'Body.\n',
      },
      file,
    );
    expect(readPageFile(changed, 'install.md').fields.variables).toEqual({
      version: '4.0',
      os: 'true',
    });
    expect(changed).toContain('layout:\n  width: wide\n');
    // None left, the key goes.
    const cleared = writePageFile(
      { title: 'Install', fields: { description: 'Setup' }, body: 'Body.\n' },
      file,
    );
    expect(cleared).not.toContain('vars');
    expect(readPageFile(cleared).fields).toEqual({ description: 'Setup' });
    // A new file gets them.
    expect(
      writePageFile({ title: 'New', fields: { variables: { os: 'Linux' } }, body: '' }, undefined),
    ).toBe('---\nvars:\n  os: Linux\n---\n\n# New\n');
  });

  it('refuses a page file whose `vars` are no map of variables, naming the file', () => {
    for (const [vars, message] of [
      ['vars: [a, b]', /install\.md: vars must be a map/],
      ['vars:\n  1st: no', /install\.md: vars names a variable "1st"/],
      ['vars:\n  os:\n    name: Linux', /install\.md: vars gives os a list or a map/],
    ] as const) {
      expect(() => readPageFile(`---\n${vars}\n---\n\n# Install\n`, 'install.md')).toThrow(message);
    }
    // Writing over such a file replaces them with the page's.
    expect(
      writePageFile(
        { title: 'Install', fields: { variables: { os: 'Linux' } }, body: '' },
        '---\nvars: [a, b]\n---\n\n# Install\n',
      ),
    ).toBe('---\nvars:\n  os: Linux\n---\n\n# Install\n');
  });

  it('escapes a new title as the document model escapes a heading', () => {
    for (const title of [
      '[Alpha] Saved dataset',
      'a_b *c* `d` <e> [f] \\g #h & x ~y~ 1. <2@a> a|b',
      '_private and trailing_',
      'Q&amp; a',
      '![i]',
      'x #',
      'Plain title',
    ]) {
      const heading = documentToMarkdown({
        object: 'document',
        data: { schemaVersion: 1 },
        nodes: [
          {
            object: 'block',
            type: 'heading-1',
            nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: title, marks: [] }] }],
          },
        ],
      } as never);
      expect(`# ${escapeHeading(title)}\n`).toBe(heading);
      expect(readPageFile(heading).title).toBe(title);
    }
  });

  it('keeps a table of contents entry without a file as it is while its page is unedited', async () => {
    const summary = '# Summary\n\n* [Intro](README.md)\n* Overview\n  * [Files](files.md)\n';
    const files = new Map([
      ['SUMMARY.md', bytes(summary)],
      ['README.md', bytes('# Intro\n\nHello.\n')],
      ['files.md', bytes('# Files\n\nAll about files.\n')],
    ]);
    const content = readRepository(files, '');
    expect(content.pages.map((entry) => [entry.kind, entry.title, entry.path])).toEqual([
      ['document', 'Intro', 'README.md'],
      ['document', 'Overview', undefined],
    ]);
    const intro = page({ id: 'intro', title: 'Intro' });
    const overview = page({ id: 'overview', title: 'Overview' });
    const filesPage = page({ id: 'files', title: 'Files', parent: 'overview' });
    const tree = [node(intro), node(overview, [node(filesPage)])];
    const bodies = {
      'doc-intro': 'Hello.\n',
      'doc-overview': '',
      'doc-files': 'All about files.\n',
    };
    const state: SyncState = {
      ...emptySyncState,
      pages: {
        intro: {
          key: 'README.md',
          path: 'README.md',
          blob: await blobOf(files.get('README.md') ?? new Uint8Array()),
          digest: pageDigest(intro),
        },
        overview: { key: 'page:/Overview', path: '', digest: pageDigest(overview) },
        files: {
          key: 'files.md',
          path: 'files.md',
          blob: await blobOf(files.get('files.md') ?? new Uint8Array()),
          digest: pageDigest(filesPage),
        },
      },
    };
    const unedited = await spaceFiles(tree, [], [], {}, layout, state, files, services(bodies));
    expect([...unedited.writes.keys()]).toEqual([]);
    expect([...unedited.deletes]).toEqual([]);

    // Edited, it gets a file of its own, and the table of contents links it.
    const edited = { ...overview, description: 'What is where' };
    const written = await spaceFiles(
      [node(intro), node(edited, [node(filesPage)])],
      [],
      [],
      {},
      layout,
      state,
      files,
      services(bodies),
    );
    expect([...written.writes.keys()].sort()).toEqual(['SUMMARY.md', 'overview/README.md']);
    expect(text(written.writes.get('SUMMARY.md'))).toContain('* [Overview](overview/README.md)');
  });

  it('keeps the title a table of contents gives a page while the page keeps its title', async () => {
    const summary = '# Table of contents\n\n* [Intro](README.md)\n* [Data types](types.md)\n';
    const files = new Map([
      ['SUMMARY.md', bytes(summary)],
      ['README.md', bytes('# Intro\n\nHello.\n')],
      ['types.md', bytes('# Data Types in Feast\n\nTypes.\n')],
    ]);
    const intro = page({ id: 'intro', title: 'Intro' });
    const types = page({ id: 'types', title: 'Data Types in Feast' });
    const bodies = { 'doc-intro': 'Hello.\n', 'doc-types': 'Types, edited.\n' };
    const state: SyncState = {
      ...emptySyncState,
      pages: {
        intro: { key: 'README.md', path: 'README.md', digest: pageDigest(intro) },
        types: { key: 'types.md', path: 'types.md', digest: 'edited since' },
      },
    };
    const bodyEdited = await spaceFiles(
      [node(intro), node(types)],
      [],
      [],
      {},
      layout,
      state,
      files,
      services(bodies),
    );
    expect([...bodyEdited.writes.keys()]).toEqual(['types.md']);

    const renamed = { ...types, title: 'Types' };
    const titleEdited = await spaceFiles(
      [node(intro), node(renamed)],
      [],
      [],
      {},
      layout,
      state,
      files,
      services(bodies),
    );
    expect([...titleEdited.writes.keys()].sort()).toEqual(['SUMMARY.md', 'types.md']);
    const rewritten = text(titleEdited.writes.get('SUMMARY.md')) ?? '';
    expect(rewritten).toContain('* [Types](types.md)');
    expect(
      summarySays(rewritten, 'SUMMARY.md', [
        { kind: 'document', title: 'Intro', path: 'README.md', children: [] },
        { kind: 'document', title: 'Types', path: 'types.md', children: [] },
      ]),
    ).toBe(true);
  });

  // Findings of the property test over generated spaces (`git-sync-properties.test.ts`).

  it('reads a part titled with a closing `#` of its own, and writes its title escaped', () => {
    expect(readSummary('## Intro in C#\n', '')[0]?.title).toBe('Intro in C#');
    expect(readSummary('## Intro ##\n', '')[0]?.title).toBe('Intro');
    const summary = writeSummary(
      [{ kind: 'group', title: 'Guide *star* #', children: [] }],
      'SUMMARY.md',
    );
    expect(summary).toBe('# Table of contents\n\n## Guide \\*star\\* \\#\n');
    expect(readSummary(summary, '')[0]?.title).toBe('Guide *star* #');
  });

  it('writes the first page in a top-level part as README.md, and a page after a part in it', async () => {
    const part = page({ id: 'part', type: 'group', title: 'Getting started', slug: 'start' });
    const welcome = page({ id: 'welcome', title: 'Welcome', parent: 'part' });
    const after = page({ id: 'after', title: 'After', slug: 'after' });
    const second = page({ id: 'second', type: 'group', title: 'Then', slug: 'then' });
    const written = await spaceFiles(
      [node(part, [node(welcome)]), node(after), node(second)],
      [],
      [],
      {},
      layout,
      emptySyncState,
      new Map(),
      services({ 'doc-welcome': 'Hi.\n', 'doc-after': 'Later.\n' }),
    );
    expect([...written.writes.keys()].sort()).toEqual([
      'README.md',
      'SUMMARY.md',
      'start/after.md',
    ]);
    // A second part is at the top, not in the first one's folder.
    expect(written.pages.second?.path).toBe('then/');
    // Read back, the page after the part is the part's: the same files say the same tree.
    expect(text(written.writes.get('SUMMARY.md'))).toBe(
      '# Table of contents\n\n## Getting started\n\n* [Welcome](README.md)\n* [After](start/after.md)\n\n## Then\n',
    );
  });

  it("keeps the space's variables in .gitbook/vars.yaml: written when they change, GitBook's text kept while they do not, deleted when none are left", async () => {
    const readme = page({ id: 'readme', title: 'Intro', slug: 'readme' });
    const tree = [node(readme)];
    const bodies = { 'doc-readme': 'Hello.\n' };
    const write = (
      variables: Record<string, string>,
      state: SyncState,
      checkout: Map<string, Uint8Array>,
    ) => spaceFiles(tree, [], [], variables, layout, state, checkout, services(bodies));

    // Every value is the text written: YAML's numbers and booleans read back as written.
    const gitbookText = '# Set in GitBook\nversion: 3.10\nbeta: true\nname: Quire\n';
    const read = (text: string) =>
      readRepository(new Map([[layout.variables, bytes(text)]]), '').variables;
    expect(read(gitbookText)).toEqual({ version: '3.10', beta: 'true', name: 'Quire' });
    expect(read('')).toEqual({});
    // A file that is no map of the contract's variables is refused, naming what is wrong.
    expect(() => read('- a list\n')).toThrow(
      '.gitbook/vars.yaml must be a map of variable names to values',
    );
    expect(() => read('my-version: 3\n')).toThrow(
      '.gitbook/vars.yaml names a variable "my-version"',
    );
    expect(() => read('nested:\n  a: 1\n')).toThrow(
      '.gitbook/vars.yaml gives nested a list or a map',
    );
    expect(() => read(`long: ${'x'.repeat(10_001)}\n`)).toThrow('longer than 10000 characters');
    expect(() => read('a: [\n')).toThrow('.gitbook/vars.yaml is not YAML');
    expect(readRepository(new Map(), '').variables).toBeUndefined();

    // First written, the file quotes what YAML would read as another type.
    const first = await write({ version: '3.10', name: 'Quire' }, emptySyncState, new Map());
    expect(text(first.writes.get('.gitbook/vars.yaml'))).toBe('version: "3.10"\nname: Quire\n');
    expect(first.variables?.digest).toBe(variablesDigest({ version: '3.10', name: 'Quire' }));

    // As the two last agreed: GitBook's own text stays, comments and all.
    const values = { version: '3.10', beta: 'true', name: 'Quire' };
    const agreed: SyncState = {
      ...emptySyncState,
      variables: {
        path: layout.variables,
        blob: await blobOf(bytes(gitbookText)),
        digest: variablesDigest(values),
      },
    };
    const checkout = new Map([[layout.variables, bytes(gitbookText)]]);
    const kept = await write(values, agreed, checkout);
    expect(kept.writes.has(layout.variables)).toBe(false);
    expect(kept.deletes.has(layout.variables)).toBe(false);
    expect(kept.variables).toEqual(agreed.variables);

    // Edited in the space: written again. All deleted: the file goes.
    const edited = await write({ ...values, version: '3.11' }, agreed, checkout);
    expect(
      readRepository(
        new Map([[layout.variables, edited.writes.get(layout.variables) ?? new Uint8Array()]]),
        '',
      ).variables,
    ).toEqual({
      ...values,
      version: '3.11',
    });
    const cleared = await write({}, agreed, checkout);
    expect([...cleared.deletes]).toEqual([layout.variables]);
    expect(cleared.variables).toBeUndefined();
    // A file the two never agreed on is not the space's to delete.
    expect([...(await write({}, emptySyncState, checkout)).deletes]).toEqual([]);
  });
});
