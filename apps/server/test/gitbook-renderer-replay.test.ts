import { GitBookAPI } from '@gitbook/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixtureServer } from './support/fixture-server.js';
import { GitBookContract } from './support/gitbook-contract.js';
import { createSpaceWithContent } from './support/space-with-content.js';
import {
  createStaffedOrganization,
  type StaffedOrganization,
  startTestServer,
  type TestServer,
  testBaseUrl,
} from './support/test-server.js';

// GitBook's open-source renderer (GitbookIO/gitbook, `packages/gitbook`) reads a published site
// through GitBook's own client, in this order: it looks the URL up (several prefixes at once),
// then reads with the token the lookup answers. The calls below are the renderer's, with its
// query parameters, and every answer is checked against GitBook's own schemas: what passes here
// is what the renderer parses.

type Answer<T = Record<string, unknown>> = Promise<{ data: T }>;
type Lookup = {
  site?: string;
  siteSection?: string;
  siteSpace?: string;
  space?: string;
  pathname?: string;
  basePath?: string;
  complete?: boolean;
  apiToken?: string;
  organization?: string;
  redirect?: string;
};
type Page = { id: string; title: string; path: string; hidden?: boolean; pages?: Page[] };
type SearchAnswer = {
  items: {
    type: string;
    id: string;
    score: number;
    pages: {
      id: string;
      title: string;
      path: string;
      score: number;
      rank: number;
      description: string;
      ancestors: { title: string }[];
      sections: { score: number }[];
    }[];
  }[];
};

/** The methods of GitBook's client the renderer calls (its typings don't resolve under NodeNext). */
interface RendererClient {
  urls: { resolvePublishedContentByUrl(body: unknown): Answer<Lookup> };
  orgs: {
    getPublishedContentSite(
      organizationId: string,
      siteId: string,
      query: { shareKey?: string },
    ): Answer<{
      structure: {
        type: string;
        structure: { id: string; path: string; siteSpaces: { id: string; path: string }[] }[];
      };
      customizations: { site: unknown; siteSpaces: Record<string, unknown> };
    }>;
    getSiteRedirectBySource(
      organizationId: string,
      siteId: string,
      query: { source: string },
    ): Answer;
    getLatestOpenApiSpecVersionContent(
      organizationId: string,
      specSlug: string,
    ): Answer<{ filesystem: { isEntrypoint: boolean; specification: { openapi: string } }[] }>;
    searchSiteContent(organizationId: string, siteId: string, body: unknown): Answer<SearchAnswer>;
  };
  spaces: {
    getSpaceById(spaceId: string, query?: { shareKey?: string }): Answer<{ revision: string }>;
    getRevisionById(
      spaceId: string,
      revisionId: string,
      query: { metadata: boolean },
    ): Answer<{ pages: Page[]; reusableContents: { id: string }[]; tags?: unknown[] }>;
    getPageDocumentInRevisionById(
      spaceId: string,
      revisionId: string,
      pageId: string,
      query: { evaluated: 'deterministic-only'; dereferenced: 'reusable-contents' },
    ): Answer<{ nodes: { type: string; data?: Record<string, unknown> }[] }>;
    getReusableContentDocumentInRevisionById(
      spaceId: string,
      revisionId: string,
      reusableContentId: string,
      query: { evaluated: 'deterministic-only' },
    ): Answer<{ nodes: { type: string }[] }>;
    listRevisionPageMetaLinks(spaceId: string, revisionId: string, pageId: string): Answer;
    getEmbedByUrlInSpace(spaceId: string, query: { url: string }): Answer<{ type: string }>;
    getChangeRequestById(spaceId: string, changeRequestId: string): Answer;
    getRevisionSemanticChanges(
      spaceId: string,
      revisionId: string,
      query: { computed: boolean; limit: number; metadata: boolean },
    ): Answer<{ changes: unknown[] }>;
  };
}

const petstore = [
  'openapi: 3.0.3',
  'info: {title: Pets, version: "1"}',
  'paths:',
  '  /pets:',
  '    get:',
  '      summary: List the pets',
  '      responses: {"200": {description: The pets.}}',
  '',
].join('\n');

describe("GitBook's renderer, replayed against a Quire site", () => {
  let server: TestServer;
  let org: StaffedOrganization;
  let siteId: string;
  let guides: string;
  let guidesNext: string;
  let api: string;
  let changeRequestId: string;
  const embeds = new FixtureServer();
  const contract = new GitBookContract();

  /** GitBook's client as the renderer makes it: without a token, or with the lookup's. */
  const client = (token?: string): RendererClient =>
    new GitBookAPI({
      endpoint: testBaseUrl,
      ...(token === undefined ? {} : { authToken: token }),
      serviceBinding: {
        fetch: async (input, init) => {
          const request = new Request(input, init);
          const response = await server.fetch(request);
          if (response.headers.get('content-type')?.includes('application/json')) {
            const { pathname } = new URL(request.url);
            contract.check(
              request.method,
              pathname,
              response.status,
              await response.clone().json(),
            );
          }
          return response;
        },
      },
    }) as unknown as RendererClient;

  const siteUrl = (path = '') => `http://quire.test/s/${siteId}/${path}`;

  /**
   * The renderer's lookup: the site's root, each prefix of up to four segments and the whole URL,
   * at once; the whole URL's answer is taken, or a shorter one's that says it is complete, with
   * the segments it left over as its page path.
   */
  async function lookUp(path: string): Promise<Lookup & { pathname: string }> {
    const segments = path.split('/').filter(Boolean);
    const prefixes = Array.from({ length: Math.min(segments.length, 4) + 1 }, (_, count) =>
      segments.slice(0, count),
    );
    const answers = await Promise.all(
      prefixes.map(async (prefix) => {
        try {
          const { data } = await client().urls.resolvePublishedContentByUrl({
            url: siteUrl(prefix.join('/')),
            visitor: { unsignedClaims: {} },
          });
          return { data, extra: segments.slice(prefix.length) };
        } catch {
          return undefined;
        }
      }),
    );
    const primary = answers.at(-1);
    const complete = answers.find((answer) => answer?.data.complete === true);
    const taken = primary?.data.apiToken !== undefined ? primary : complete;
    if (taken === undefined) throw new Error(`Nothing resolves ${path}`);
    const pathname = [taken.data.pathname ?? '', ...taken.extra].filter(Boolean).join('/');
    return { ...taken.data, pathname };
  }

  /** What the renderer reads to show the page at `path`: context, revision, page, document. */
  async function render(path: string) {
    const lookup = await lookUp(path);
    const reader = client(lookup.apiToken);
    const organization = lookup.organization ?? '';
    const [{ data: site }, { data: space }] = await Promise.all([
      reader.orgs.getPublishedContentSite(organization, lookup.site ?? '', {}),
      reader.spaces.getSpaceById(lookup.space ?? ''),
    ]);
    const { data: revision } = await reader.spaces.getRevisionById(
      lookup.space ?? '',
      space.revision,
      { metadata: true },
    );
    const page = findPage(revision.pages, lookup.pathname);
    if (page === undefined) return { lookup, site, revision, reader, page: undefined };
    await reader.spaces.listRevisionPageMetaLinks(lookup.space ?? '', space.revision, page.id);
    const { data: document } = await reader.spaces.getPageDocumentInRevisionById(
      lookup.space ?? '',
      space.revision,
      page.id,
      { evaluated: 'deterministic-only', dereferenced: 'reusable-contents' },
    );
    return { lookup, site, revision, reader, page, document, revisionId: space.revision };
  }

  function findPage(pages: Page[], path: string): Page | undefined {
    for (const page of pages) {
      if (page.path === path || (path === '' && page.path !== undefined)) return page;
      const inside = findPage(page.pages ?? [], path);
      if (inside !== undefined) return inside;
    }
    return undefined;
  }

  beforeAll(async () => {
    server = await startTestServer({ outboundAllowPrivate: true });
    org = await createStaffedOrganization(server);
    await embeds.start();
    embeds.serve(
      '/video',
      'text/html',
      `<html><head><title>A talk</title><meta property="og:site_name" content="Talks">
       <link rel="alternate" type="application/json+oembed" href="/video.json"></head></html>`,
    );
    embeds.serve(
      '/video.json',
      'application/json',
      JSON.stringify({ type: 'video', html: '<iframe src="https://talks.test/1"></iframe>' }),
    );
    await org.admin.client.POST('/orgs/{organizationId}/openapi', {
      params: { path: { organizationId: org.organizationId } },
      body: { slug: 'pets', source: { text: petstore } },
    });
    await server.jobs.runDue();
    guides = await createSpaceWithContent(org, 'Guides', [
      {
        operation: 'insert_reusable_content',
        title: 'Contact support',
        document: { markdown: 'Write to **support**.\n' },
      },
      {
        operation: 'insert_page',
        ref: 'start',
        title: 'Getting started',
        document: { markdown: '# Getting started\n\nWelcome.\n' },
      },
      {
        operation: 'insert_page',
        into: 'start',
        title: 'Install',
        document: {
          markdown: `## Install it\n\nRun the installer.\n\n{% include "../.gitbook/includes/contact-support.md" %}\n\n{% embed url="${embeds.origin}/video" %}\n`,
        },
      },
      {
        operation: 'insert_page',
        title: 'Pets API',
        document: {
          markdown:
            '{% openapi-operation spec="pets" path="/pets" method="get" %}\n{% endopenapi-operation %}\n',
        },
      },
      {
        operation: 'insert_page',
        title: 'Internal notes',
        hidden: true,
        document: { markdown: 'Hidden from the table of contents, still published.\n' },
      },
    ]);
    guidesNext = await createSpaceWithContent(org, 'Next', [
      {
        operation: 'insert_page',
        title: 'Preview',
        document: { markdown: 'Coming next: installers.\n' },
      },
    ]);
    api = await createSpaceWithContent(org, 'Reference', [
      {
        operation: 'insert_page',
        title: 'Endpoints',
        document: { markdown: 'Every installer endpoint.\n' },
      },
    ]);
    const { client: admin } = org.admin;
    const created = await admin.POST('/orgs/{organizationId}/sites', {
      params: { path: { organizationId: org.organizationId } },
      body: { title: 'Acme docs' },
    });
    siteId = created.id;
    const at = { organizationId: org.organizationId, siteId };
    const guidesSection = await admin.POST('/orgs/{organizationId}/sites/{siteId}/sections', {
      params: { path: at },
      body: { spaceId: guides, title: 'Guides' },
    });
    await admin.POST('/orgs/{organizationId}/sites/{siteId}/site-spaces', {
      params: { path: at },
      body: { spaceId: guidesNext, sectionId: guidesSection.id },
    });
    await admin.POST('/orgs/{organizationId}/sites/{siteId}/sections', {
      params: { path: at },
      body: { spaceId: api, title: 'API' },
    });
    await admin.POST('/orgs/{organizationId}/sites/{siteId}/publish', { params: { path: at } });
    const changeRequest = await admin.POST('/spaces/{spaceId}/change-requests', {
      params: { path: { spaceId: guides } },
      body: { subject: 'Unpublished work' },
    });
    changeRequestId = changeRequest.id;
  });
  afterAll(async () => {
    await embeds.close();
    await server.close();
  });

  it('renders nested pages, reusable content, an embed, an OpenAPI block and a hidden page of the default section', async () => {
    const root = await render('');
    expect(root.lookup).toMatchObject({ space: guides, pathname: '' });
    expect(root.site.structure.type).toBe('sections');
    expect(Object.keys(root.site.customizations.siteSpaces).sort()).toEqual(
      root.site.structure.structure
        .flatMap((section) => section.siteSpaces.map((item) => item.id))
        .sort(),
    );

    const install = await render('getting-started/install');
    expect(install.page?.title).toBe('Install');
    const types = install.document?.nodes.map((node) => node.type);
    // The reusable content is in place (dereferenced), and every heading has GitBook's `data`.
    expect(types).toEqual(['heading-2', 'paragraph', 'paragraph', 'embed']);
    expect(install.document?.nodes[0]?.data).toEqual(expect.any(Object));
    const embedUrl = String(install.document?.nodes[3]?.data?.url);
    const { data: embed } = await install.reader.spaces.getEmbedByUrlInSpace(guides, {
      url: embedUrl,
    });
    expect(embed).toMatchObject({ type: 'rich', title: 'A talk', site: 'Talks' });
    // The renderer's fallback for a reusable content it finds undereferenced.
    const [reusable] = install.revision.reusableContents;
    const { data: included } = await install.reader.spaces.getReusableContentDocumentInRevisionById(
      guides,
      install.revisionId ?? '',
      reusable?.id ?? '',
      { evaluated: 'deterministic-only' },
    );
    expect(included.nodes.map((node) => node.type)).toEqual(['paragraph']);

    const pets = await render('pets-api');
    const [operation] = pets.document?.nodes ?? [];
    expect(operation).toMatchObject({
      type: 'openapi-operation',
      data: { ref: { kind: 'openapi', spec: 'pets' }, path: '/pets', method: 'get' },
    });
    const { data: spec } = await pets.reader.orgs.getLatestOpenApiSpecVersionContent(
      org.organizationId,
      'pets',
    );
    expect(spec.filesystem.filter((file) => file.isEntrypoint)).toEqual([
      expect.objectContaining({ specification: expect.objectContaining({ openapi: '3.0.3' }) }),
    ]);

    const hidden = await render('internal-notes');
    expect(hidden.page).toMatchObject({ title: 'Internal notes', hidden: true });
    expect(contract.mismatches).toEqual([]);
  });

  it('renders a variant and a second section, whose URLs only the whole-URL lookup completes', async () => {
    const { data: rootLookup } = await client().urls.resolvePublishedContentByUrl({
      url: siteUrl(),
      visitor: { unsignedClaims: {} },
    });
    // At the root a next segment may still name the other section: not complete.
    expect(rootLookup.complete).toBe(false);

    const next = await render('guides/next/preview');
    expect(next.lookup).toMatchObject({ space: guidesNext, pathname: 'preview' });
    expect(next.page?.title).toBe('Preview');

    const reference = await render('api/endpoints');
    expect(reference.lookup).toMatchObject({ space: api, pathname: 'endpoints' });
    expect(reference.page?.title).toBe('Endpoints');
    expect(contract.mismatches).toEqual([]);
  });

  it('answers what the renderer tolerates for a path that is no page, and for previews', async () => {
    const { lookup, reader, revisionId } = await render('getting-started/install');
    const organization = lookup.organization ?? '';
    await expect(
      reader.orgs.getSiteRedirectBySource(organization, siteId, { source: '/no/such/page' }),
    ).rejects.toMatchObject({ code: 404 });
    // Change requests are never published: a preview URL is a clean 404 for a reader.
    await expect(reader.spaces.getChangeRequestById(guides, changeRequestId)).rejects.toMatchObject(
      {
        code: 404,
      },
    );
    const { data: changes } = await reader.spaces.getRevisionSemanticChanges(
      guides,
      revisionId ?? '',
      { computed: false, limit: 100, metadata: false },
    );
    expect(changes.changes).toEqual(expect.any(Array));
    // A reader token reads only the spaces its site publishes.
    const elsewhere = await createSpaceWithContent(org, 'Elsewhere', [
      { operation: 'insert_page', title: 'Unpublished', document: { markdown: 'Not here.\n' } },
    ]);
    await expect(reader.spaces.getSpaceById(elsewhere)).rejects.toMatchObject({ code: 404 });
    expect(contract.mismatches).toEqual([]);
  });

  it("searches in each of the renderer's four body shapes, with scores, ranks and ancestors", async () => {
    const { lookup, reader, site } = await render('');
    const organization = lookup.organization ?? '';
    const [guidesSection] = site.structure.structure;
    const current = guidesSection?.siteSpaces[0]?.id ?? '';
    const bodies = [
      { query: 'installer', mode: 'all' },
      { query: 'installer', mode: 'current', siteSpaceId: current },
      { query: 'installer', mode: 'specific', siteSpaceIds: [current] },
      {
        query: 'installer',
        scope: { mode: 'default', currentSiteSpace: current, restrictTo: 'currentSiteSpace' },
      },
    ];
    const [all, ...narrowed] = await Promise.all(
      bodies.map(
        async (body) => (await reader.orgs.searchSiteContent(organization, siteId, body)).data,
      ),
    );
    expect(all?.items.map((item) => item.id).sort()).toEqual([api, guides, guidesNext].sort());
    for (const answer of narrowed) expect(answer.items.map((item) => item.id)).toEqual([guides]);
    const install = all?.items
      .flatMap((item) => item.pages)
      .find((page) => page.title === 'Install');
    expect(install).toMatchObject({
      path: 'getting-started/install',
      ancestors: [{ title: 'Getting started' }],
      description: '',
    });
    const ranks = all?.items.flatMap((item) => item.pages.map((page) => page.rank)) ?? [];
    expect(ranks).toEqual(ranks.map((_, index) => index + 1));
    for (const item of all?.items ?? []) {
      expect(item.type).toBe('space');
      expect(item.score).toBeGreaterThan(0);
      for (const page of item.pages) expect(page.score).toBeGreaterThan(0);
    }
    expect(contract.mismatches).toEqual([]);
    expect(contract.checked.length).toBeGreaterThan(20);
  });
});
