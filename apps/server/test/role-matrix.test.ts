import { loadOpenApiDocument, type OpenApiDocument } from '@quire/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberRole } from '../src/model/roles.js';
import { type Access, operationAccess } from './support/operation-access.js';
import {
  startTestServer,
  type TestServer,
  type TestUser,
  testBaseUrl,
} from './support/test-server.js';

// Who may do what, from the outside: every operation of the contract has a row (the matrix fails
// on one without), and the rows of Git, sites, share links and PDFs are called as the role below
// the row's (refused, 403) and as the row's role itself (let through).

const document: OpenApiDocument = loadOpenApiDocument();
const contractOperations = Object.values(document.paths).flatMap((item) =>
  Object.values(item as Record<string, { operationId?: string }>)
    .map((operation) => operation?.operationId)
    .filter((id): id is string => typeof id === 'string'),
);

describe('the role matrix', () => {
  it('has a row for every operation of the contract, and none for an operation it lacks', () => {
    const rows = Object.keys(operationAccess).sort();
    expect(rows).toEqual([...contractOperations].sort());
    // The public operations are the ones the contract declares without security.
    const anyone = rows.filter(
      (id) => operationAccess[id as keyof typeof operationAccess] === 'anyone',
    );
    expect(anyone.sort()).toEqual(
      [
        'getApiInformation',
        'listSSOProviderLoginsInOrganization',
        'resolvePublishedContentByUrl',
        'signIn',
        'signUpWithInvite',
        'trackEventsInSiteById',
      ].sort(),
    );
  });
});

const roles: readonly MemberRole[] = ['read', 'comment', 'edit', 'review', 'create', 'admin'];

/** What one case needs: the organization's space, a change request and a site with one of each. */
interface Fixture {
  organizationId: string;
  spaceId: string;
  otherSpaceId: string;
  changeRequestId: string;
  siteId: string;
  siteSpaceId: string;
  otherSiteSpaceId: string;
  /** A space connected to a Git repository, and synced once. */
  connectedSpaceId: string;
  siteSectionId: string;
  otherSectionId: string;
  siteSectionGroupId: string;
  shareLinkId: string;
  siteRedirectId: string;
  /** A question asked of the site, and its answer. */
  siteQuestionId: string;
  siteQuestionAnswerId: string;
}

/** A request of one operation, made from a fixture of its own. */
interface Call {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: (fixture: Fixture) => string;
  body?: (fixture: Fixture) => unknown;
}

const site = (f: Fixture) => `/orgs/${f.organizationId}/sites/${f.siteId}`;
// A Git host on loopback that is not there: syncing with it fails at once, with no DNS lookup to
// wait on.
const gitRemote = { url: 'http://127.0.0.1:9/acme/docs.git', ref: 'main' };
const external = { kind: 'external', url: 'https://example.com/new' };

const calls: Partial<Record<keyof typeof operationAccess, Call>> = {
  getSpacePDF: { method: 'GET', path: (f) => `/spaces/${f.spaceId}/pdf` },
  getChangeRequestPDF: {
    method: 'GET',
    path: (f) => `/spaces/${f.spaceId}/change-requests/${f.changeRequestId}/pdf`,
  },
  importGitRepository: {
    method: 'POST',
    path: (f) => `/spaces/${f.spaceId}/git/import`,
    body: () => gitRemote,
  },
  exportToGitRepository: {
    method: 'POST',
    path: (f) => `/spaces/${f.spaceId}/git/export`,
    body: () => ({ ...gitRemote, commitMessage: 'Export' }),
  },
  getSpaceGitConnection: {
    method: 'GET',
    path: (f) => `/spaces/${f.connectedSpaceId}/git/connection`,
  },
  setSpaceGitConnection: {
    method: 'PUT',
    path: (f) => `/spaces/${f.spaceId}/git/connection`,
    body: () => ({ url: gitRemote.url, branch: 'main', initialSync: 'import' }),
  },
  deleteSpaceGitConnection: {
    method: 'DELETE',
    path: (f) => `/spaces/${f.connectedSpaceId}/git/connection`,
  },
  getSpaceGitInfo: { method: 'GET', path: (f) => `/spaces/${f.connectedSpaceId}/git/info` },
  listSites: { method: 'GET', path: (f) => `/orgs/${f.organizationId}/sites` },
  createSite: {
    method: 'POST',
    path: (f) => `/orgs/${f.organizationId}/sites`,
    body: (f) => ({ title: 'Another', spaces: [f.spaceId] }),
  },
  getSiteById: { method: 'GET', path: site },
  updateSiteById: { method: 'PATCH', path: site, body: () => ({ title: 'Renamed' }) },
  deleteSiteById: { method: 'DELETE', path: site },
  getSiteAdaptiveSchema: { method: 'GET', path: (f) => `${site(f)}/adaptive-schema` },
  updateSiteAdaptiveSchema: {
    method: 'PUT',
    path: (f) => `${site(f)}/adaptive-schema`,
    body: () => ({ jsonSchema: { type: 'object', properties: {}, additionalProperties: false } }),
  },
  listSiteAdaptiveTemplateConditions: {
    method: 'GET',
    path: (f) => `${site(f)}/adaptive-schema/template-conditions`,
  },
  getSiteCustomizationById: { method: 'GET', path: (f) => `${site(f)}/customization` },
  updateSiteCustomizationById: {
    method: 'PUT',
    path: (f) => `${site(f)}/customization`,
    body: () => ({ title: 'Customized' }),
  },
  publishSite: { method: 'POST', path: (f) => `${site(f)}/publish` },
  unpublishSite: { method: 'POST', path: (f) => `${site(f)}/unpublish` },
  getPublishedContentSite: { method: 'GET', path: (f) => `${site(f)}/published` },
  searchSiteContent: {
    method: 'POST',
    path: (f) => `${site(f)}/search`,
    body: () => ({ query: 'welcome' }),
  },
  getSitePublishingAuthById: { method: 'GET', path: (f) => `${site(f)}/publishing/auth` },
  updateSitePublishingAuthById: {
    method: 'PATCH',
    path: (f) => `${site(f)}/publishing/auth`,
    body: () => ({ backend: 'custom', logoutURL: 'https://login.example.com/out' }),
  },
  regenerateSitePublishingAuthById: {
    method: 'POST',
    path: (f) => `${site(f)}/publishing/auth/regenerate`,
  },
  getSiteRedirectBySource: { method: 'GET', path: (f) => `${site(f)}/redirect?source=%2Fold` },
  streamAskInSite: {
    method: 'POST',
    path: (f) => `${site(f)}/ask`,
    body: () => ({ question: 'How do I start?', scope: { mode: 'all' } }),
  },
  streamRecommendedQuestionsInSite: { method: 'GET', path: (f) => `${site(f)}/ask/questions` },
  submitAgentFeedbackToSite: {
    method: 'POST',
    path: (f) => `${site(f)}/agents/feedback`,
    body: () => ({
      subject: { kind: 'generic' },
      feedback: { category: 'documentation', summary: 'The install page skips a step' },
    }),
  },
  listSiteQuestions: { method: 'GET', path: (f) => `${site(f)}/questions` },
  getSiteQuestionById: {
    method: 'GET',
    path: (f) => `${site(f)}/questions/${f.siteQuestionId}`,
  },
  listSiteQuestionSources: {
    method: 'GET',
    path: (f) => `${site(f)}/questions/${f.siteQuestionId}/sources`,
  },
  getSiteQuestionStats: { method: 'GET', path: (f) => `${site(f)}/question-stats` },
  listSiteQuestionAnswers: { method: 'GET', path: (f) => `${site(f)}/answers` },
  getSiteQuestionAnswerById: {
    method: 'GET',
    path: (f) => `${site(f)}/answers/${f.siteQuestionAnswerId}`,
  },
  getSiteQuestionAnswerThreadById: {
    method: 'GET',
    path: (f) => `${site(f)}/answers/${f.siteQuestionAnswerId}/thread`,
  },
  listSiteQuestionAnswerSources: {
    method: 'GET',
    path: (f) => `${site(f)}/answers/${f.siteQuestionAnswerId}/sources`,
  },
  aggregateSiteEvents: {
    method: 'POST',
    path: (f) => `${site(f)}/insights/events/aggregate`,
    body: () => ({ range: 'last7Days' }),
  },
  listSiteRedirects: { method: 'GET', path: (f) => `${site(f)}/redirects` },
  createSiteRedirect: {
    method: 'POST',
    path: (f) => `${site(f)}/redirects`,
    body: () => ({ source: '/older', destination: external }),
  },
  bulkUpsertSiteRedirects: {
    method: 'PUT',
    path: (f) => `${site(f)}/redirects`,
    body: () => ({ redirects: [{ source: '/oldest', destination: external }] }),
  },
  updateSiteRedirectById: {
    method: 'PATCH',
    path: (f) => `${site(f)}/redirects/${f.siteRedirectId}`,
    body: () => ({ permanent: true }),
  },
  deleteSiteRedirectById: {
    method: 'DELETE',
    path: (f) => `${site(f)}/redirects/${f.siteRedirectId}`,
  },
  listSiteSectionGroups: { method: 'GET', path: (f) => `${site(f)}/section-groups` },
  addSectionGroupToSite: {
    method: 'POST',
    path: (f) => `${site(f)}/section-groups`,
    body: () => ({ title: 'More docs' }),
  },
  updateSiteSectionGroupById: {
    method: 'PATCH',
    path: (f) => `${site(f)}/section-groups/${f.siteSectionGroupId}`,
    body: () => ({ title: 'All docs' }),
  },
  deleteSiteSectionGroupById: {
    method: 'DELETE',
    path: (f) => `${site(f)}/section-groups/${f.siteSectionGroupId}`,
  },
  moveSiteSectionGroup: {
    method: 'POST',
    path: (f) => `${site(f)}/section-groups/${f.siteSectionGroupId}/move`,
    body: (f) => ({ position: { before: { type: 'site-section', id: f.siteSectionId } } }),
  },
  addSiteSectionToGroup: {
    method: 'POST',
    path: (f) => `${site(f)}/section-groups/${f.siteSectionGroupId}/sections`,
    body: (f) => ({ sectionId: f.otherSectionId }),
  },
  removeSiteSectionFromGroup: {
    method: 'DELETE',
    path: (f) => `${site(f)}/section-groups/${f.siteSectionGroupId}/sections/${f.otherSectionId}`,
  },
  listSiteSections: { method: 'GET', path: (f) => `${site(f)}/sections` },
  addSectionToSite: {
    method: 'POST',
    path: (f) => `${site(f)}/sections`,
    body: (f) => ({ spaceId: f.otherSpaceId, title: 'Tutorials' }),
  },
  updateSiteSectionById: {
    method: 'PATCH',
    path: (f) => `${site(f)}/sections/${f.siteSectionId}`,
    body: () => ({ description: 'How-to' }),
  },
  deleteSiteSectionById: {
    method: 'DELETE',
    path: (f) => `${site(f)}/sections/${f.otherSectionId}`,
  },
  moveSiteSection: {
    method: 'POST',
    path: (f) => `${site(f)}/sections/${f.siteSectionId}/move`,
    body: (f) => ({
      position: { after: { type: 'site-section', siteSection: f.otherSectionId } },
    }),
  },
  listSiteShareLinks: { method: 'GET', path: (f) => `${site(f)}/share-links` },
  createSiteShareLink: {
    method: 'POST',
    path: (f) => `${site(f)}/share-links`,
    body: () => ({ name: 'Partners' }),
  },
  updateSiteShareLinkById: {
    method: 'PATCH',
    path: (f) => `${site(f)}/share-links/${f.shareLinkId}`,
    body: () => ({ active: false }),
  },
  deleteSiteShareLinkById: {
    method: 'DELETE',
    path: (f) => `${site(f)}/share-links/${f.shareLinkId}`,
  },
  listSiteSpaces: { method: 'GET', path: (f) => `${site(f)}/site-spaces` },
  addSpaceToSite: {
    method: 'POST',
    path: (f) => `${site(f)}/site-spaces`,
    body: (f) => ({ spaceId: f.otherSpaceId, sectionId: f.siteSectionId }),
  },
  updateSiteSpaceById: {
    method: 'PATCH',
    path: (f) => `${site(f)}/site-spaces/${f.siteSpaceId}`,
    body: () => ({ path: 'renamed' }),
  },
  deleteSiteSpaceById: {
    method: 'DELETE',
    path: (f) => `${site(f)}/site-spaces/${f.siteSpaceId}`,
  },
  getSiteSpaceCustomizationById: {
    method: 'GET',
    path: (f) => `${site(f)}/site-spaces/${f.siteSpaceId}/customization`,
  },
  updateSiteSpaceCustomizationById: {
    method: 'PUT',
    path: (f) => `${site(f)}/site-spaces/${f.siteSpaceId}/customization`,
    body: () => ({ pdf: { enabled: false } }),
  },
  moveSiteSpace: {
    method: 'POST',
    path: (f) => `${site(f)}/site-spaces/${f.siteSpaceId}/move`,
    body: (f) => ({
      position: { before: { type: 'site-space', siteSpace: f.otherSiteSpaceId } },
    }),
  },
};

/** The operations the matrix calls: every one of Git, sites, share links and PDFs. */
const called = contractOperations.filter((id) => {
  const [path] = Object.entries(document.paths).find(([, item]) =>
    Object.values(item as Record<string, { operationId?: string }>).some(
      (operation) => operation?.operationId === id,
    ),
  ) ?? [''];
  return (
    !path.startsWith('/integrations') &&
    (/\/git\/|\/pdf$|\/share-links/.test(path) ||
      path.startsWith('/orgs/{organizationId}/sites')) &&
    // Readers' events are sent by anyone, as a reader's browser sends them.
    operationAccess[id as keyof typeof operationAccess] !== 'anyone'
  );
});

describe('the role matrix, called', () => {
  let server: TestServer;
  let admin: TestUser;
  let organizationId: string;
  const members = new Map<MemberRole, TestUser>();
  let outsider: TestUser;

  beforeAll(async () => {
    server = await startTestServer({ pdfExportWaitMs: 0, outboundAllowPrivate: true });
    admin = await server.createUser();
    organizationId = await server.createOrganization(admin);
    for (const role of roles) members.set(role, await server.createUser({ organizationId, role }));
    outsider = await server.createUser();
  }, 60_000);
  afterAll(() => server.close());

  /** A fixture of its own for one case, made by the organization's admin. */
  const fixture = async (): Promise<Fixture> => {
    const { client } = admin;
    const org = { params: { path: { organizationId } } };
    const spaceId = (
      await client.POST('/orgs/{organizationId}/spaces', { ...org, body: { title: 'Docs' } })
    ).id;
    const otherSpaceId = (
      await client.POST('/orgs/{organizationId}/spaces', { ...org, body: { title: 'More' } })
    ).id;
    const changeRequestId = (
      await client.POST('/spaces/{spaceId}/change-requests', {
        params: { path: { spaceId } },
        body: { subject: 'A change' },
      })
    ).id;
    const siteId = (
      await client.POST('/orgs/{organizationId}/sites', {
        ...org,
        body: { title: 'Site', spaces: [spaceId] },
      })
    ).id;
    const at = { organizationId, siteId };
    const section = (
      await client.POST('/orgs/{organizationId}/sites/{siteId}/sections', {
        params: { path: at },
        body: { spaceId: otherSpaceId, title: 'Guides' },
      })
    ).id;
    const other = (
      await client.POST('/orgs/{organizationId}/sites/{siteId}/sections', {
        params: { path: at },
        body: { spaceId: otherSpaceId, title: 'Reference' },
      })
    ).id;
    const group = (
      await client.POST('/orgs/{organizationId}/sites/{siteId}/section-groups', {
        params: { path: at },
        body: { title: 'Docs' },
      })
    ).id;
    const siteSpace = (
      await client.POST('/orgs/{organizationId}/sites/{siteId}/site-spaces', {
        params: { path: at },
        body: { spaceId, sectionId: section },
      })
    ).id;
    const otherSiteSpace = (
      await client.POST('/orgs/{organizationId}/sites/{siteId}/site-spaces', {
        params: { path: at },
        body: { spaceId: otherSpaceId, sectionId: section },
      })
    ).id;
    const connectedSpaceId = (
      await client.POST('/orgs/{organizationId}/spaces', { ...org, body: { title: 'Synced' } })
    ).id;
    await client.PUT('/spaces/{spaceId}/git/connection', {
      params: { path: { spaceId: connectedSpaceId } },
      body: { url: gitRemote.url, branch: 'main', initialSync: 'export' },
    });
    // Its first export runs (and fails: the host is not there), so the space has synced once.
    await server.jobs.runDue();
    const link = (
      await client.POST('/orgs/{organizationId}/sites/{siteId}/share-links', {
        params: { path: at },
        body: { name: 'Partners' },
      })
    ).id;
    const redirect = (
      await client.POST('/orgs/{organizationId}/sites/{siteId}/redirects', {
        params: { path: at },
        body: { source: '/old', destination: { kind: 'external', url: 'https://example.com/new' } },
      })
    ).id;
    // The admin asks the site once, so that the owners' reads have a question and an answer.
    await (
      await server.fetch(
        new Request(`${testBaseUrl}/v1/orgs/${organizationId}/sites/${siteId}/ask`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${admin.token}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ question: 'Where do I start?', scope: { mode: 'all' } }),
        }),
      )
    ).text();
    const [answer] = (
      await client.GET('/orgs/{organizationId}/sites/{siteId}/answers', { params: { path: at } })
    ).items;
    return {
      organizationId,
      spaceId,
      otherSpaceId,
      changeRequestId,
      siteId,
      siteSpaceId: siteSpace,
      otherSiteSpaceId: otherSiteSpace,
      connectedSpaceId,
      siteSectionId: section,
      otherSectionId: other,
      siteSectionGroupId: group,
      shareLinkId: link,
      siteRedirectId: redirect,
      siteQuestionId: answer?.question.id ?? '',
      siteQuestionAnswerId: answer?.id ?? '',
    };
  };

  const send = (user: TestUser, call: Call, f: Fixture) =>
    server.fetch(
      new Request(`${testBaseUrl}/v1${call.path(f)}`, {
        method: call.method,
        headers: {
          Authorization: `Bearer ${user.token}`,
          ...(call.body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        ...(call.body === undefined ? {} : { body: JSON.stringify(call.body(f)) }),
      }),
    );

  const below = (access: Access): TestUser => {
    const index = roles.indexOf(access as MemberRole);
    return index <= 0 ? outsider : (members.get(roles[index - 1] as MemberRole) as TestUser);
  };

  it('calls every operation of Git, sites, share links and PDFs', () => {
    expect(called.length).toBeGreaterThan(50);
    expect(called.filter((id) => calls[id as keyof typeof calls] === undefined)).toEqual([]);
  });

  for (const id of called) {
    const access = operationAccess[id as keyof typeof operationAccess];
    it(`${id}: refused below ${access}, let through at ${access}`, async () => {
      const call = calls[id as keyof typeof calls] as Call;
      const f = await fixture();
      const refused = await send(below(access), call, f);
      // Someone outside the organization is told nothing exists; a member, that they may not.
      expect(refused.status, `${id} below ${access}: ${await refused.clone().text()}`).toBe(
        access === 'read' ? 404 : 403,
      );
      const member = members.get(access as MemberRole) as TestUser;
      const allowed = await send(member, call, f);
      expect(allowed.status, `${id} as ${access}: ${await allowed.clone().text()}`).toBeLessThan(
        400,
      );
    });
  }
});
