import type { components } from '@quire/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GitHttpServer } from './support/git-http-server.js';
import { gitSyncRuns } from './support/git-sync-runs.js';
import { startGitSyncSetup, stopGitSyncSetup } from './support/git-sync-setup.js';
import { createSpaceWithContent } from './support/space-with-content.js';
import type { StaffedOrganization, TestServer } from './support/test-server.js';

type Change = components['schemas']['ContentChange'];

const runs = Number(process.env.FC_RUNS ?? 8);
// Each run syncs five times over Git; shrinking a failure can outlast the test's time, so
// `FC_END=1` reports the first failing space as it was generated.
const endOnFailure = process.env.FC_END === '1';
const credentials = { username: 'writer', password: 'property-token' };

/** A page of a generated space: a document, a link, or a part holding pages. */
interface GeneratedPage {
  kind: 'document' | 'link' | 'group';
  title: string;
  description?: string;
  hidden: boolean;
  /** A document page's own variables. */
  variables?: Record<string, string>;
  body: string;
  url?: string;
  children: GeneratedPage[];
}

// Titles and descriptions with the characters Markdown, YAML and the table of contents escape.
const title = fc
  .tuple(
    fc.constantFrom('Intro', 'Guide', 'Setup', 'Reference', 'FAQ', 'Über uns'),
    fc.constantFrom('', ' two', ' [beta]', ' & co', ' in C#', ' a_b', ': colon', ' *star*'),
  )
  .map(([word, rest]) => `${word}${rest}`);
const description = fc.constantFrom(
  'What this page is for',
  'Note: a colon, then more',
  '#hash and "quotes"',
  "It's long enough that a YAML writer might want to fold it over more than one line, which it should not do",
);
// Bodies of a few Markdown constructs GitBook writes, in its own canonical form.
const block = fc.constantFrom(
  'A paragraph with **bold**, _emphasis_ and `code`.',
  '## A section',
  '* one\n* two',
  '1. first\n2. second',
  '```js\nconst answer = 42;\n```',
  '{% hint style="info" %}\nA hint.\n{% endhint %}',
  '> A quote.',
  '| A | B |\n| - | - |\n| 1 | 2 |',
  '{% tabs %}\n{% tab title="One" %}\nFirst.\n{% endtab %}\n\n{% tab title="Two" %}\nSecond.\n{% endtab %}\n{% endtabs %}',
  '[A link](https://example.com/docs)',
);
const body = fc
  .array(block, { maxLength: 4 })
  .map((blocks) => (blocks.length === 0 ? '' : `${blocks.join('\n\n')}\n`));
const url = fc.constantFrom('https://example.com/', 'https://example.com/changes?tab=all');

// Variables, with values YAML would read as another type or as syntax: the space's, and pages'.
const variables = fc.dictionary(
  fc.stringMatching(/^[a-z][a-z0-9_]{0,8}$/),
  fc.constantFrom('Quire', '3.10', 'true', 'null', '', 'a: b', '#not a comment', "it's", '- item'),
  { maxKeys: 3 },
);

const { child } = fc.letrec<{ child: GeneratedPage; document: GeneratedPage; link: GeneratedPage }>(
  (tie) => ({
    // Past the depth limit the first choice, a link, ends the branch.
    child: fc.oneof(
      { maxDepth: 3, depthIdentifier: 'page' },
      tie('link'),
      tie('document'),
      tie('document'),
    ),
    document: fc.record({
      kind: fc.constant('document' as const),
      title,
      description: fc.option(description, { nil: undefined }),
      hidden: fc.boolean(),
      variables: fc.option(variables, { nil: undefined }),
      body,
      children: fc.array(tie('child'), { maxLength: 3, depthIdentifier: 'page' }),
    }),
    link: fc.record({
      kind: fc.constant('link' as const),
      title,
      hidden: fc.constant(false),
      body: fc.constant(''),
      url,
      children: fc.constant([]),
    }),
  }),
);
// Parts are top-level only, after the top-level pages, as a table of contents has them. (A space
// with a top-level page after a part comes back with that page in the part: see the format test.)
const group = fc.record({
  kind: fc.constant('group' as const),
  title,
  hidden: fc.constant(false),
  body: fc.constant(''),
  children: fc.array(child, { maxLength: 3 }),
});
const space = fc
  .tuple(fc.array(child, { maxLength: 3 }), fc.array(group, { maxLength: 2 }))
  .filter(([pages, parts]) => pages.length + parts.length > 0)
  .map(([pages, parts]) => [...pages, ...parts]);

function insertChanges(pages: readonly GeneratedPage[]): Change[] {
  const changes: Change[] = [];
  let next = 0;
  const insert = (list: readonly GeneratedPage[], into: string | undefined) => {
    for (const page of list) {
      const ref = `p${next}`;
      next += 1;
      changes.push({
        operation: 'insert_page',
        ref,
        type: page.kind,
        title: page.title,
        document: page.kind === 'document' ? { markdown: page.body } : {},
        ...(page.description === undefined ? {} : { description: page.description }),
        ...(page.hidden ? { hidden: true } : {}),
        ...(page.variables === undefined ? {} : { variables: page.variables }),
        ...(page.url === undefined ? {} : { target: { kind: 'url', url: page.url } }),
        ...(into === undefined ? {} : { into }),
      } as Change);
      insert(page.children, ref);
    }
  };
  insert(pages, undefined);
  return changes;
}

describe('Git sync properties over generated spaces', () => {
  let server: TestServer;
  let git: GitHttpServer;
  let org: StaffedOrganization;
  let repositories = 0;

  beforeAll(async () => {
    ({ server, git, org } = await startGitSyncSetup(credentials));
  });
  afterAll(() => stopGitSyncSetup({ server, git }));

  const sync = (spaceId: string, direction: 'import' | 'export', repository: string) =>
    gitSyncRuns(server, git, org.admin, credentials)(spaceId, direction, repository);
  const newRepository = async () => {
    repositories += 1;
    const name = `generated-${repositories}`;
    await git.createRepository(name);
    return name;
  };

  it("exports, imports into a fresh space and exports again to the same files, the space's and pages' variables too; exports twice without a second commit", async () => {
    await fc.assert(
      fc.asyncProperty(space, variables, async (pages, values) => {
        const first = await createSpaceWithContent(org, 'Generated', [
          ...insertChanges(pages),
          ...(Object.keys(values).length === 0
            ? []
            : [{ operation: 'update_variables' as const, variables: values }]),
        ]);
        const exported = await newRepository();
        await sync(first, 'export', exported);
        const commits = await git.commits(exported);
        expect(commits).toHaveLength(1);
        await sync(first, 'export', exported);
        expect(await git.commits(exported)).toEqual(commits);

        const second = (
          await org.admin.client.POST('/orgs/{organizationId}/spaces', {
            params: { path: { organizationId: org.organizationId } },
            body: { title: 'Imported' },
          })
        ).id;
        await sync(second, 'import', exported);
        const { revision } = await org.admin.client.GET('/spaces/{spaceId}', {
          params: { path: { spaceId: second } },
        });
        expect(
          await org.admin.client.GET('/spaces/{spaceId}/revisions/{revisionId}/variables', {
            params: { path: { spaceId: second, revisionId: revision ?? '' } },
          }),
        ).toEqual(values);
        const again = await newRepository();
        await sync(second, 'export', again);
        expect(await git.files(again)).toEqual(await git.files(exported));
        // The imported space exports back to where it came from without a commit.
        await sync(second, 'export', exported);
        expect(await git.commits(exported)).toEqual(commits);
      }),
      { numRuns: runs, endOnFailure },
    );
  }, 60_000);
});
