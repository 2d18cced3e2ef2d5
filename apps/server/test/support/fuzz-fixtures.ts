import fc from 'fast-check';
import { startSession } from '../../src/domain/users/sessions.js';
import type { OperationRoute } from '../../src/http/operations.js';
import { type ContentFixtures, createContentFixtures } from './content-fixtures.js';
import type { Caller } from './request-arbitrary.js';
import {
  createStaffedOrganization,
  type TestServer,
  type TestUser,
  testBaseUrl,
} from './test-server.js';

/** What exists on the fuzzed server before the fuzzing starts, and who calls it. */
export interface FuzzFixtures extends ContentFixtures {
  admin: TestUser;
  reader: TestUser;
  outsider: TestUser;
  /** The staffed organization first, then a second one the same admin administers. */
  organizationIds: string[];
  /** Spaces at the top level and in collections, one of them deleted (for restores). */
  spaceIds: string[];
  /** The first space's revision after its content was merged, then each space's first one. */
  revisionIds: string[];
  collectionIds: string[];
  /** Email domains of the first organization; the test users' addresses are in the first one. */
  emailDomains: string[];
  /** A webhook of the first organization, and the delivery of a test event to it. */
  webhookIds: string[];
  deliveryIds: string[];
  /** A SAML provider of the first organization. */
  samlProviderIds: string[];
  oidcProviderIds: string[];
  /** A comment on a page of the first space, then one on its open change request. */
  commentIds: string[];
  /** A reply to each of those comments, in the same order. */
  commentReplyIds: string[];
  /** A review, with a comment, of the first space's open change request. */
  reviewIds: string[];
  /** A site with sections, a group and a share link first, then one in the second organization. */
  siteIds: string[];
  siteSectionIds: string[];
  siteSectionGroupIds: string[];
  siteSpaceIds: string[];
  shareLinkIds: string[];
  /** A live redirect of the first site, then a draft. */
  siteRedirectIds: string[];
  /** A question asked of the first site, and its answer. */
  siteQuestionIds: string[];
  siteQuestionAnswerIds: string[];
  /** A translation of the first space into French. */
  translationIds: string[];
  /** A team of the first organization with the reader in it, and an invite link of it. */
  teamIds: string[];
  inviteIds: string[];
  /** An OpenAPI spec of the first organization, processed into a version. */
  specSlugs: string[];
  versionIds: string[];
  /** The reader, the admin and the outsider, by user id. */
  userIds: string[];
  /** An app session of the admin. */
  sessionIds: string[];
  /** An API token of the admin, made for the fuzzing (not the one it calls with). */
  tokenIds: string[];
  /** Events of the first organization's audit log. */
  auditEventIds: string[];
  /** An integration of the first organization, installed on it, on its first space and site. */
  integrationNames: string[];
  installationIds: string[];
}

/**
 * Creates the fixtures that path parameters and body fields draw real ids from: two
 * organizations of one admin with a reader and an outsider around, collections (one nested) and
 * spaces in both, one space deleted, and content in the first space (see `createContentFixtures`).
 */
export async function createFuzzFixtures(server: TestServer): Promise<FuzzFixtures> {
  const { organizationId, admin, reader, outsider } = await createStaffedOrganization(server);
  const secondOrganizationId = await server.createOrganization(admin, 'Second docs');
  const emailDomains = ['example.com', 'docs.example.org'];
  await admin.client.PATCH('/orgs/{organizationId}', {
    params: { path: { organizationId } },
    body: { emailDomains },
  });
  const createCollection = (inOrganization: string, title: string, parent?: string) =>
    admin.client.POST('/orgs/{organizationId}/collections', {
      params: { path: { organizationId: inOrganization } },
      body: { title, ...(parent === undefined ? {} : { parent }) },
    });
  const guides = await createCollection(organizationId, 'Guides');
  const nested = await createCollection(organizationId, 'Nested', guides.id);
  const elsewhere = await createCollection(secondOrganizationId, 'Elsewhere');
  const createSpace = (inOrganization: string, title: string, parent?: string) =>
    admin.client.POST('/orgs/{organizationId}/spaces', {
      params: { path: { organizationId: inOrganization } },
      body: { title, ...(parent === undefined ? {} : { parent }) },
    });
  const spaces = [
    await createSpace(organizationId, 'Handbook'),
    await createSpace(organizationId, 'Runbook'),
    await createSpace(organizationId, 'Guide one', guides.id),
    await createSpace(organizationId, 'Deep', nested.id),
    await createSpace(secondOrganizationId, 'Other'),
  ];
  const deleted = await createSpace(organizationId, 'Trashed');
  await admin.client.DELETE('/spaces/{spaceId}', { params: { path: { spaceId: deleted.id } } });
  const content = await createContentFixtures(admin, spaces[0]?.id ?? '');
  const webhook = await admin.client.POST('/orgs/{organizationId}/webhooks', {
    params: { path: { organizationId } },
    body: { url: 'https://hooks.example.com/quire', events: ['*'] },
  });
  const ping = await admin.client.POST('/orgs/{organizationId}/webhooks/{webhookId}/ping', {
    params: { path: { organizationId, webhookId: webhook.id } },
  });
  const comments = await createCommentFixtures(
    admin,
    spaces[0]?.id ?? '',
    content.changeRequestIds[0] ?? '',
    content.pageIds[0] ?? '',
  );
  const reviewer = await server.createUser({ organizationId, role: 'review' });
  const review = await reviewer.client.POST(
    '/spaces/{spaceId}/change-requests/{changeRequestId}/reviews',
    {
      params: {
        path: { spaceId: spaces[0]?.id ?? '', changeRequestId: content.changeRequestIds[0] ?? '' },
      },
      body: { status: 'approved', comment: { markdown: 'Looks right.' } },
    },
  );
  const oidcProvider = await admin.client.POST('/orgs/{organizationId}/oidc', {
    params: { path: { organizationId } },
    body: { label: 'Staff login', issuer: 'https://idp.example.com', clientId: 'quire' },
  });
  const samlProvider = await admin.client.POST('/orgs/{organizationId}/saml', {
    params: { path: { organizationId } },
    body: { label: 'Company login' },
  });
  const sites = await createSiteFixtures(admin, organizationId, secondOrganizationId, spaces);
  const questions = await askSiteFixture(server, admin, organizationId, sites.siteIds[0] ?? '');
  const team = await admin.client.PUT('/orgs/{organizationId}/teams', {
    params: { path: { organizationId } },
    body: { title: 'Fuzzers', members: [reader.user.id] },
  });
  const invite = await admin.client.POST('/orgs/{organizationId}/link-invites', {
    params: { path: { organizationId } },
    body: { role: 'read' },
  });
  const translation = await admin.client.POST('/orgs/{organizationId}/translations', {
    params: { path: { organizationId } },
    body: { source: { space: spaces[0]?.id ?? '', language: 'en' }, language: 'fr' },
  });
  await admin.client.POST('/orgs/{organizationId}/openapi', {
    params: { path: { organizationId } },
    body: {
      slug: 'petstore',
      source: { text: 'openapi: 3.1.0\ninfo: {title: Petstore, version: "1"}\npaths: {}\n' },
    },
  });
  await server.jobs.runDue();
  const specVersion = await admin.client.GET(
    '/orgs/{organizationId}/openapi/{specSlug}/versions/latest',
    { params: { path: { organizationId, specSlug: 'petstore' } } },
  );
  const integrations = await createIntegrationFixtures(admin, organizationId, spaces, sites);
  const auditLog = await admin.client.GET('/orgs/{organizationId}/audit-events', {
    params: { path: { organizationId }, query: { limit: 2 } },
  });
  return {
    ...comments,
    ...sites,
    ...questions,
    ...content,
    ...integrations,
    userIds: [reader.user.id, admin.user.id, outsider.user.id],
    tokenIds: [(await admin.client.POST('/user/tokens')).id],
    sessionIds: [
      (
        await startSession(
          server.services.db,
          admin.user,
          { method: 'password' },
          server.clock.now(),
        )
      ).session.id,
    ],
    auditEventIds: auditLog.items.map((event) => event.id),
    specSlugs: ['petstore'],
    versionIds: [specVersion.id],
    reviewIds: [review.id],
    teamIds: [team.id],
    inviteIds: [invite.id],
    translationIds: [translation.id],
    admin,
    reader,
    outsider,
    organizationIds: [organizationId, secondOrganizationId],
    spaceIds: [...spaces.map((space) => space.id), deleted.id],
    revisionIds: [...content.revisionIds, ...spaces.map((space) => space.revision)],
    collectionIds: [guides.id, nested.id, elsewhere.id],
    emailDomains,
    webhookIds: [webhook.id],
    deliveryIds: [ping.id],
    samlProviderIds: [samlProvider.id],
    oidcProviderIds: [oidcProvider.id],
  };
}

/** A comment with a reply in a space (on one of its pages) and in one of its change requests. */
async function createCommentFixtures(
  admin: TestUser,
  spaceId: string,
  changeRequestId: string,
  pageId: string,
): Promise<{ commentIds: string[]; commentReplyIds: string[] }> {
  const body = { markdown: 'A comment' };
  const inSpace = await admin.client.POST('/spaces/{spaceId}/comments', {
    params: { path: { spaceId } },
    body: { body, page: pageId },
  });
  const spaceReply = await admin.client.POST('/spaces/{spaceId}/comments/{commentId}/replies', {
    params: { path: { spaceId, commentId: inSpace.id } },
    body: { body },
  });
  const inChangeRequest = await admin.client.POST(
    '/spaces/{spaceId}/change-requests/{changeRequestId}/comments',
    { params: { path: { spaceId, changeRequestId } }, body: { body } },
  );
  const changeRequestReply = await admin.client.POST(
    '/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}/replies',
    {
      params: { path: { spaceId, changeRequestId, commentId: inChangeRequest.id } },
      body: { body },
    },
  );
  return {
    commentIds: [inSpace.id, inChangeRequest.id],
    commentReplyIds: [spaceReply.id, changeRequestReply.id],
  };
}

/** A site of the first organization with its structure and a share link, and one elsewhere. */
async function createSiteFixtures(
  admin: TestUser,
  organizationId: string,
  secondOrganizationId: string,
  spaces: readonly { id: string }[],
) {
  const id = (index: number) => spaces[index]?.id ?? '';
  const site = await admin.client.POST('/orgs/{organizationId}/sites', {
    params: { path: { organizationId } },
    body: { title: 'Fuzzed site', spaces: [id(0), id(1)] },
  });
  const at = { organizationId, siteId: site.id };
  const section = await admin.client.POST('/orgs/{organizationId}/sites/{siteId}/sections', {
    params: { path: at },
    body: { spaceId: id(2), title: 'Guides' },
  });
  const other = await admin.client.POST('/orgs/{organizationId}/sites/{siteId}/sections', {
    params: { path: at },
    body: { spaceId: id(3), title: 'Reference' },
  });
  const group = await admin.client.POST('/orgs/{organizationId}/sites/{siteId}/section-groups', {
    params: { path: at },
    body: { title: 'Docs', sections: [other.id] },
  });
  const link = await admin.client.POST('/orgs/{organizationId}/sites/{siteId}/share-links', {
    params: { path: at },
    body: { name: 'Partners' },
  });
  const redirect = await admin.client.POST('/orgs/{organizationId}/sites/{siteId}/redirects', {
    params: { path: at },
    body: { source: '/old/*', destination: { kind: 'site-section', siteSectionId: section.id } },
  });
  const draftRedirect = await admin.client.POST('/orgs/{organizationId}/sites/{siteId}/redirects', {
    params: { path: at },
    body: {
      source: '/gone',
      draft: true,
      destination: { kind: 'external', url: 'https://example.com/' },
    },
  });
  const elsewhere = await admin.client.POST('/orgs/{organizationId}/sites', {
    params: { path: { organizationId: secondOrganizationId } },
    body: { title: 'Elsewhere site', spaces: [id(4)] },
  });
  return {
    siteIds: [site.id, elsewhere.id],
    siteSectionIds: [section.id, other.id],
    siteSectionGroupIds: [group.id],
    siteSpaceIds: [...section.siteSpaces, ...other.siteSpaces].map((siteSpace) => siteSpace.id),
    shareLinkIds: [link.id],
    siteRedirectIds: [redirect.id, draftRedirect.id],
  };
}

/** A question asked of a site, its answer read whole so that both are recorded. */
async function askSiteFixture(
  server: TestServer,
  admin: TestUser,
  organizationId: string,
  siteId: string,
) {
  const response = await server.fetch(
    new Request(`${testBaseUrl}/v1/orgs/${organizationId}/sites/${siteId}/ask`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${admin.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ question: 'How do I start?', scope: { mode: 'all' } }),
    }),
  );
  await response.text();
  const answers = await admin.client.GET('/orgs/{organizationId}/sites/{siteId}/answers', {
    params: { path: { organizationId, siteId } },
  });
  return {
    siteQuestionIds: answers.items.map((answer) => answer.question.id),
    siteQuestionAnswerIds: answers.items.map((answer) => answer.id),
  };
}

async function createIntegrationFixtures(
  admin: TestUser,
  organizationId: string,
  spaces: readonly { id: string }[],
  sites: { siteIds: string[] },
) {
  const integrationName = 'fuzzed';
  await admin.client.POST('/integrations/{integrationName}', {
    params: { path: { integrationName } },
    body: {
      organization: organizationId,
      title: 'Fuzzed',
      description: 'An integration to fuzz',
      script: 'export default {}',
      scopes: ['space:content:read'],
      visibility: 'public',
      configurations: { space: { properties: { depth: { type: 'number' } } } },
      secrets: { KEY: 'fuzzed secret' },
    },
  });
  const installation = await admin.client.POST('/integrations/{integrationName}/installations', {
    params: { path: { integrationName } },
    body: { organization: organizationId },
  });
  const at = { integrationName, installationId: installation.id };
  await admin.client.POST('/integrations/{integrationName}/installations/{installationId}/spaces', {
    params: { path: at },
    body: { space: spaces[0]?.id ?? '' },
  });
  await admin.client.POST('/integrations/{integrationName}/installations/{installationId}/sites', {
    params: { path: at },
    body: { siteId: sites.siteIds[0] ?? '' },
  });
  return { integrationNames: [integrationName], installationIds: [installation.id] };
}

/**
 * The callers of every request: the admin most often (their requests get furthest), a member
 * with role `read`, a user outside the organization, nobody, and malformed or unknown tokens.
 */
export function callerArbitrary(fixtures: FuzzFixtures): fc.Arbitrary<Caller> {
  const badAuthorization = fc.oneof(
    fc.constantFrom(
      'Bearer qr_not-a-real-token-at-all',
      `Bearer ${fixtures.admin.token}x`,
      `Bearer ${fixtures.admin.token.slice(0, -1)}`,
      `Basic ${Buffer.from('admin:secret').toString('base64')}`,
      `Token ${fixtures.admin.token}`,
      `Bearer ${fixtures.admin.token} ${fixtures.admin.token}`,
      'Bearer',
      'Bearer ',
      '',
    ),
    // Header values are bytes: printable ASCII keeps the Request constructor from refusing them.
    fc
      .string({
        unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)),
      })
      .map((token) => `Bearer qr_${token}`),
  );
  const as = (name: string, user: TestUser): Caller => ({
    name,
    authorization: `Bearer ${user.token}`,
    authenticates: true,
  });
  return fc.oneof(
    { weight: 4, arbitrary: fc.constant(as('admin', fixtures.admin)) },
    { weight: 1, arbitrary: fc.constant(as('reader', fixtures.reader)) },
    { weight: 1, arbitrary: fc.constant(as('outsider', fixtures.outsider)) },
    {
      weight: 1,
      arbitrary: fc.constant({ name: 'anonymous', authorization: undefined, authenticates: false }),
    },
    {
      weight: 1,
      arbitrary: badAuthorization.map((authorization) => ({
        name: 'bad token',
        authorization,
        authenticates: false,
      })),
    },
  );
}

/**
 * Real `next.page` tokens of a list operation, to send back as `page`: `admin` asks for the
 * first page, one item long, with the first real value of each path parameter. Empty for
 * operations without a `page` parameter or whose list fits on one page.
 */
export async function harvestPageTokens(
  server: TestServer,
  route: OperationRoute,
  admin: TestUser,
  realValuesOf: (name: string, location: 'path') => readonly string[],
): Promise<string[]> {
  if (route.method !== 'get' || !route.parameters.some((parameter) => parameter.name === 'page')) {
    return [];
  }
  let path = route.specPath;
  for (const parameter of route.parameters.filter((candidate) => candidate.in === 'path')) {
    const value = realValuesOf(parameter.name, 'path')[0];
    if (value === undefined) return [];
    path = path.replace(`{${parameter.name}}`, encodeURIComponent(value));
  }
  const response = await server.fetch(
    new Request(`${testBaseUrl}/v1${path}?limit=1`, {
      headers: { Authorization: `Bearer ${admin.token}` },
    }),
  );
  const body: unknown = await response.json();
  const page = nextPageOf(body);
  return page === undefined ? [] : [page];
}

function nextPageOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('next' in body)) return undefined;
  const { next } = body;
  if (typeof next !== 'object' || next === null || !('page' in next)) return undefined;
  return typeof next.page === 'string' ? next.page : undefined;
}
