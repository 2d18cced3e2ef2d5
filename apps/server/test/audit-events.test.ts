import { loadOpenApiDocument } from '@quire/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeExpiredSpaces } from '../src/domain/spaces/trash.js';
import { setPassword } from '../src/domain/users/sessions.js';
import { operationRoutes } from '../src/http/operations.js';
import { expectApiError } from './support/expect-api-error.js';
import { expectEvery } from './support/expect-every.js';
import { FixtureServer } from './support/fixture-server.js';
import { walkIntegrationWrites } from './support/integration-writes.js';
import { createMergeSpace, mergeScenario } from './support/merge-scenario.js';
import { walkSiteWrites } from './support/site-writes.js';
import {
  createStaffedOrganization,
  type StaffedOrganization,
  startTestServer,
  type TestServer,
  testBaseUrl,
} from './support/test-server.js';

// The action(s) every operation that writes records, as the contract declares them in
// `x-audit-actions`: the walk below must make each happen, so no write goes unrecorded. Reads
// that take a body (`x-reads-only`, as GitBook's search) write nothing, and what readers do on a
// site (`x-not-audited`) is the site's insights, not a change to the organization.
const contract = loadOpenApiDocument();
const readsOnly = (route: { specPath: string; method: string }) => {
  const operation = contract.paths[route.specPath]?.[route.method as 'post'];
  return (
    typeof operation === 'object' &&
    operation !== null &&
    ('x-reads-only' in operation || 'x-not-audited' in operation)
  );
};
const writeOperations = operationRoutes(contract).filter(
  (route) => route.method !== 'get' && !readsOnly(route),
);
const declaredActions = new Map(
  writeOperations.map((route) => {
    const operation = contract.paths[route.specPath]?.[route.method];
    const actions =
      typeof operation === 'object' && operation !== null && 'x-audit-actions' in operation
        ? operation['x-audit-actions']
        : undefined;
    return [route.operationId, Array.isArray(actions) ? actions.map(String) : []];
  }),
);
const recordedActions = [...new Set([...declaredActions.values()].flat())];

describe('events and the audit log', () => {
  let server: TestServer;
  let staff: StaffedOrganization;

  // Serves the Markdown an import fetches; imports reach it because private addresses are allowed.
  const sources = new FixtureServer();

  beforeAll(async () => {
    server = await startTestServer({ outboundAllowPrivate: true });
    staff = await createStaffedOrganization(server);
    await sources.start();
  });
  afterAll(async () => {
    await sources.close();
    await server.close();
  });

  const auditLog = (query: Record<string, string | number> = {}) =>
    staff.admin.client.GET('/orgs/{organizationId}/audit-events', {
      params: { path: { organizationId: staff.organizationId }, query: { limit: 100, ...query } },
    });

  it('knows, from the contract, the action of every operation that writes', async () => {
    expect(writeOperations.length).toBeGreaterThan(80);
    const undeclared = [...declaredActions].filter(([, actions]) => actions.length === 0);
    expect(undeclared.map(([operationId]) => operationId)).toEqual([]);
    const listed = await staff.admin.client.GET('/orgs/{organizationId}/audit-event-actions', {
      params: { path: { organizationId: staff.organizationId } },
    });
    const known = new Set<string>(listed.items.map((item) => item.id));
    expect(recordedActions.filter((action) => !known.has(action))).toEqual([]);
  });

  it('records every kind of write, once each, with the actor, the target and the request id', async () => {
    const { admin, organizationId } = staff;
    const client = admin.client;
    const org = { params: { path: { organizationId } } };
    await client.PATCH('/orgs/{organizationId}', { ...org, body: { title: 'Renamed docs' } });
    const collection = await client.POST('/orgs/{organizationId}/collections', {
      ...org,
      body: { title: 'Guides' },
    });
    const space = await client.POST('/orgs/{organizationId}/spaces', {
      ...org,
      body: { title: 'Audited' },
    });
    const path = { params: { path: { spaceId: space.id } } };
    await client.PATCH('/spaces/{spaceId}', { ...path, body: { emoji: '📘' } });
    await client.POST('/spaces/{spaceId}/move', { ...path, body: { parent: collection.id } });
    await client.POST('/spaces/{spaceId}/duplicate', path);
    await client.DELETE('/spaces/{spaceId}', path);
    await client.POST('/spaces/{spaceId}/restore', path);
    await client.POST('/spaces/{spaceId}/content/template', {
      ...path,
      body: { id: 'knowledge-base' },
    });
    const markdown = sources.serve('/imported.md', 'text/markdown', '# Imported\n');
    await client.POST('/spaces/{spaceId}/content/import', {
      ...path,
      body: { source: 'markdown', url: markdown },
    });
    const other = await server.createOrganization(admin, 'Elsewhere');
    const moving = await client.POST('/orgs/{organizationId}/spaces', {
      ...org,
      body: { title: 'Moving' },
    });
    await client.POST('/spaces/{spaceId}/transfer', {
      params: { path: { spaceId: moving.id } },
      body: { organization: other },
    });
    const merges = await createMergeSpace(admin, organizationId);
    await mergeScenario(
      merges,
      [{ operation: 'insert_page', ref: 'a', title: 'A', document: {} }],
      () => [],
      () => [],
    );
    const changeRequestId = await merges.open('Audited change');
    await client.PATCH('/spaces/{spaceId}/change-requests/{changeRequestId}', {
      params: { path: { spaceId: merges.spaceId, changeRequestId } },
      body: { subject: 'Audited, renamed' },
    });
    const other2 = await merges.open('Lands first');
    await merges.apply(other2, [{ operation: 'insert_page', title: 'B', document: {} }]);
    await merges.merge(other2);
    await merges.update(changeRequestId);
    const reviewer = await server.createUser({ organizationId, role: 'review' });
    const onChange = { params: { path: { spaceId: merges.spaceId, changeRequestId } } };
    await client.POST('/spaces/{spaceId}/change-requests/{changeRequestId}/requested-reviewers', {
      ...onChange,
      body: { users: [reviewer.user.id] },
    });
    await client.DELETE(
      '/spaces/{spaceId}/change-requests/{changeRequestId}/requested-reviewers/{userId}',
      { params: { path: { ...onChange.params.path, userId: reviewer.user.id } } },
    );
    await reviewer.client.POST('/spaces/{spaceId}/change-requests/{changeRequestId}/reviews', {
      ...onChange,
      body: { status: 'changes-requested' },
    });
    await client.PATCH('/spaces/{spaceId}', {
      params: { path: { spaceId: merges.spaceId } },
      body: { mergeRules: { type: 'rules', rules: [{ rule: 'require_all_reviews_approved' }] } },
    });
    await expectApiError(merges.merge(changeRequestId), 409, /require_all_reviews_approved/);
    // A translation of the space: made, its instructions changed, run again and deleted (its
    // runs wait: the test server has no engine).
    const translation = await client.POST('/orgs/{organizationId}/translations', {
      ...org,
      body: { source: { space: space.id, language: 'en' }, language: 'de' },
    });
    const translated = { params: { path: { organizationId, translationId: translation.id } } };
    await client.PUT('/orgs/{organizationId}/translations/{translationId}', {
      ...translated,
      body: { instructions: { object: 'document', data: {}, nodes: [] } },
    });
    await client.POST('/orgs/{organizationId}/translations/{translationId}/run', translated);
    await client.DELETE('/orgs/{organizationId}/translations/{translationId}', translated);
    // A Git import and export asked for (their runs are the Git sync tests' concern).
    const repository = { url: 'https://git.example.com/acme/docs.git', ref: 'main' };
    await client.POST('/spaces/{spaceId}/git/import', { ...path, body: repository });
    await client.POST('/spaces/{spaceId}/git/export', {
      ...path,
      body: { ...repository, commitMessage: 'Audited export' },
    });
    await client.PUT('/spaces/{spaceId}/git/connection', {
      ...path,
      body: { url: repository.url, initialSync: 'export' },
    });
    await client.DELETE('/spaces/{spaceId}/git/connection', path);
    // An OpenAPI spec, processed into a version before any webhook would send its events.
    const spec = { params: { path: { organizationId, specSlug: 'audited' } } };
    const specText = 'openapi: 3.1.0\ninfo: {title: Audited, version: "1"}\npaths: {}\n';
    await client.POST('/orgs/{organizationId}/openapi', {
      ...org,
      body: { slug: 'audited', source: { text: specText } },
    });
    await client.PUT('/orgs/{organizationId}/openapi/{specSlug}', {
      ...spec,
      body: { source: { text: specText } },
    });
    await client.PATCH('/orgs/{organizationId}/openapi/{specSlug}', {
      ...spec,
      body: { visibility: 'public' },
    });
    await server.jobs.runDue();
    await client.DELETE('/orgs/{organizationId}/openapi/{specSlug}', spec);
    const webhook = await client.POST('/orgs/{organizationId}/webhooks', {
      ...org,
      body: { url: 'https://hooks.example.com/quire', events: ['*'] },
    });
    const hook = { params: { path: { organizationId, webhookId: webhook.id } } };
    await client.PATCH('/orgs/{organizationId}/webhooks/{webhookId}', {
      ...hook,
      body: { description: 'Chat' },
    });
    await client.POST('/orgs/{organizationId}/webhooks/{webhookId}/secret', hook);
    const ping = await client.POST('/orgs/{organizationId}/webhooks/{webhookId}/ping', hook);
    await client.POST(
      '/orgs/{organizationId}/webhooks/{webhookId}/deliveries/{deliveryId}/redeliver',
      { params: { path: { organizationId, webhookId: webhook.id, deliveryId: ping.id } } },
    );
    await client.DELETE('/orgs/{organizationId}/webhooks/{webhookId}', hook);
    const saml = await client.POST('/orgs/{organizationId}/saml', {
      ...org,
      body: { label: 'Login' },
    });
    const onSaml = { params: { path: { organizationId, samlProviderId: saml.id } } };
    await client.PATCH('/orgs/{organizationId}/saml/{samlProviderId}', {
      ...onSaml,
      body: { defaultRole: 'read' },
    });
    await client.DELETE('/orgs/{organizationId}/saml/{samlProviderId}', onSaml);
    const oidc = await client.POST('/orgs/{organizationId}/oidc', {
      ...org,
      body: { label: 'Staff login', issuer: 'https://idp.example.com', clientId: 'quire' },
    });
    const onOidc = { params: { path: { organizationId, oidcProviderId: oidc.id } } };
    await client.PATCH('/orgs/{organizationId}/oidc/{oidcProviderId}', {
      ...onOidc,
      body: { defaultRole: 'read' },
    });
    await client.DELETE('/orgs/{organizationId}/oidc/{oidcProviderId}', onOidc);
    const thread = { params: { path: { spaceId: merges.spaceId } } };
    const comment = await client.POST('/spaces/{spaceId}/comments', {
      ...thread,
      body: { body: { markdown: 'Audited comment' } },
    });
    const onComment = { params: { path: { spaceId: merges.spaceId, commentId: comment.id } } };
    await client.PUT('/spaces/{spaceId}/comments/{commentId}', {
      ...onComment,
      body: { resolved: true },
    });
    const reply = await client.POST('/spaces/{spaceId}/comments/{commentId}/replies', {
      ...onComment,
      body: { body: { markdown: 'Audited reply' } },
    });
    const onReply = {
      params: { path: { ...onComment.params.path, commentReplyId: reply.id } },
    };
    await client.PUT('/spaces/{spaceId}/comments/{commentId}/replies/{commentReplyId}', {
      ...onReply,
      body: { addedReactions: ['👍'] },
    });
    await client.DELETE('/spaces/{spaceId}/comments/{commentId}/replies/{commentReplyId}', onReply);
    await client.DELETE('/spaces/{spaceId}/comments/{commentId}', onComment);
    const published = await client.POST('/orgs/{organizationId}/spaces', {
      ...org,
      body: { title: 'Published' },
    });
    await walkSiteWrites(admin, organizationId, [space.id, published.id]);
    await walkIntegrationWrites(admin, organizationId, space.id);

    // Members, teams, space grants and invite links.
    const joining = await server.createUser();
    const invite = await client.POST('/orgs/{organizationId}/link-invites', {
      ...org,
      body: { role: 'read' },
    });
    const onInvite = { params: { path: { organizationId, inviteId: invite.id } } };
    await client.PATCH('/orgs/{organizationId}/link-invites/{inviteId}', {
      ...onInvite,
      body: { role: 'comment' },
    });
    await joining.client.POST('/orgs/{organizationId}/invites/{inviteId}', onInvite);
    await client.DELETE('/orgs/{organizationId}/link-invites/{inviteId}', onInvite);
    const onJoined = { params: { path: { organizationId, userId: joining.user.id } } };
    await client.PATCH('/orgs/{organizationId}/members/{userId}', {
      ...onJoined,
      body: { role: null },
    });
    await client.POST('/orgs/{organizationId}/members/{userId}/sso', onJoined);
    await client.POST('/orgs/{organizationId}/ping', org);
    const team = await client.PUT('/orgs/{organizationId}/teams', {
      ...org,
      body: { title: 'Core' },
    });
    const onTeam = { params: { path: { organizationId, teamId: team.id } } };
    await client.PATCH('/orgs/{organizationId}/teams/{teamId}', {
      ...onTeam,
      body: { title: 'Kernel' },
    });
    await client.PUT('/orgs/{organizationId}/teams/{teamId}/members', {
      ...onTeam,
      body: { add: [joining.user.email] },
    });
    const onTeamMember = {
      params: { path: { ...onTeam.params.path, userId: staff.creator.user.id } },
    };
    await client.PUT('/orgs/{organizationId}/teams/{teamId}/members/{userId}', {
      ...onTeamMember,
      body: { role: 'owner' },
    });
    await client.DELETE('/orgs/{organizationId}/teams/{teamId}/members/{userId}', onTeamMember);
    await client.POST('/spaces/{spaceId}/permissions', {
      ...path,
      body: { role: 'edit', users: [joining.user.id] },
    });
    const onGrantee = { params: { path: { spaceId: space.id, userId: joining.user.id } } };
    await client.PATCH('/spaces/{spaceId}/permissions/users/{userId}', {
      ...onGrantee,
      body: { role: 'read' },
    });
    await client.DELETE('/spaces/{spaceId}/permissions/users/{userId}', onGrantee);
    const onTeamGrant = { params: { path: { spaceId: space.id, teamId: team.id } } };
    await client.PATCH('/spaces/{spaceId}/permissions/teams/{teamId}', {
      ...onTeamGrant,
      body: { role: 'comment' },
    });
    await client.DELETE('/spaces/{spaceId}/permissions/teams/{teamId}', onTeamGrant);
    await client.DELETE('/orgs/{organizationId}/teams/{teamId}', onTeam);
    await client.DELETE('/orgs/{organizationId}/members/{userId}', onJoined);

    // App sessions: a sign-in, a sign-out, and sessions an admin ended.
    await setPassword(server.services.db, admin.user.id, 'a long passphrase', server.clock.now());
    const signIn = () =>
      server.clientWith().raw.POST('/auth/sign-in', {
        body: { email: admin.user.email, password: 'a long passphrase' },
      });
    const cookie = (await signIn()).response.headers.get('set-cookie')?.split(';')[0] ?? '';
    const signedOut = await server.fetch(
      new Request(`${testBaseUrl}/v1/auth/sign-out`, {
        method: 'POST',
        headers: { cookie, 'X-Quire-App': '1' },
      }),
    );
    expect(signedOut.status).toBe(204);
    await signIn();
    const madeToken = await client.POST('/user/tokens');
    await client.DELETE('/user/tokens/{tokenId}', { params: { path: { tokenId: madeToken.id } } });
    await client.DELETE('/orgs/{organizationId}/members/{userId}/sessions', {
      params: { path: { organizationId, userId: admin.user.id } },
    });

    // A created organization, and one with requests and request ids sent by the client.
    const created = await server.fetch(
      new Request(`${testBaseUrl}/v1/orgs`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${admin.token}`,
          'Content-Type': 'application/json',
          'X-Request-Id': 'trace-audit-1',
        },
        body: JSON.stringify({ title: 'Created with a trace' }),
      }),
    );
    const createdId = ((await created.json()) as { id: string }).id;

    // More than a page of events, all at the same moment: read every page.
    const events = [];
    for (let page: string | undefined, first = true; first || page !== undefined; first = false) {
      const answer = await auditLog(page === undefined ? {} : { page });
      events.push(...answer.items);
      page = answer.next?.page;
    }
    const actions = new Set(events.map((event) => event.action));
    for (const action of recordedActions) {
      if (action === 'organization.created') continue;
      expect(actions, action).toContain(action);
    }
    const moved = events.find((event) => event.action === 'space.moved');
    expect(moved).toMatchObject({
      object: 'audit-event',
      actor: { type: 'user', id: admin.user.id, label: admin.user.displayName },
      source: 'api',
      target: { type: 'space', id: space.id, label: 'Audited' },
    });
    const detail = await client.GET('/orgs/{organizationId}/audit-events/{auditEventId}', {
      params: { path: { organizationId, auditEventId: moved?.id ?? '' } },
    });
    expect(detail).toMatchObject({ payload: { parent: collection.id }, schemaVersion: 1 });
    expect(detail.correlationId).toEqual(expect.any(String));

    const inNew = await client.GET('/orgs/{organizationId}/audit-events', {
      params: { path: { organizationId: createdId } },
    });
    const createdEvent = inNew.items.find((event) => event.action === 'organization.created');
    const createdDetail = await client.GET('/orgs/{organizationId}/audit-events/{auditEventId}', {
      params: { path: { organizationId: createdId, auditEventId: createdEvent?.id ?? '' } },
    });
    expect(createdDetail.correlationId).toBe('trace-audit-1');
    // The transfer shows in both organizations.
    const inOther = await client.GET('/orgs/{organizationId}/audit-events', {
      params: { path: { organizationId: other }, query: { action: 'space.transferred' } },
    });
    expect(inOther.items.map((event) => event.target.id)).toEqual([moving.id]);
  });

  it('filters by action, actor, target and time, newest first, in pages', async () => {
    const all = (await auditLog()).items;
    const times = all.map((event) => event.occurredAt);
    expect(times).toEqual([...times].sort().reverse());
    const spaces = await auditLog({ action: 'space.created' });
    expectEvery(spaces.items, (event) => event.action === 'space.created');
    expect(spaces.count).toBeGreaterThan(0);
    const target = spaces.items[0]?.target.id ?? '';
    const aboutOne = await auditLog({ target });
    expectEvery(aboutOne.items, (event) => event.target.id === target);
    const byReader = await auditLog({ actor: staff.reader.user.id });
    expect(byReader.count).toBe(0);
    const future = await auditLog({ from: '2100-01-01T00:00:00.000Z' });
    expect(future.count).toBe(0);
    const past = await auditLog({ to: '2000-01-01T00:00:00.000Z' });
    expect(past.count).toBe(0);
    const first = await auditLog({ limit: 2 });
    const second = await auditLog({ limit: 2, page: first.next?.page ?? '' });
    expect(second.items[0]?.id).not.toBe(first.items[0]?.id);
    await expectApiError(auditLog({ limit: 101 }), 400, /query\.limit/);
    const actions = await staff.admin.client.GET('/orgs/{organizationId}/audit-event-actions', {
      params: { path: { organizationId: staff.organizationId } },
    });
    expect(actions.items.map((item) => item.id)).toEqual(expect.arrayContaining(recordedActions));
  });

  it('shows the audit log to admins only, and records nothing for refused requests', async () => {
    const path = { params: { path: { organizationId: staff.organizationId } } };
    await expectApiError(
      staff.creator.client.GET('/orgs/{organizationId}/audit-events', path),
      403,
      /admin/,
    );
    await expectApiError(
      staff.outsider.client.GET('/orgs/{organizationId}/audit-events', path),
      404,
    );
    await expectApiError(
      staff.admin.client.GET('/orgs/{organizationId}/audit-events/{auditEventId}', {
        params: {
          path: {
            organizationId: staff.organizationId,
            auditEventId: '00000000-0000-4000-8000-000000000000',
          },
        },
      }),
      404,
    );
    const before = await server.countRows('events');
    await expectApiError(
      staff.reader.client.POST('/orgs/{organizationId}/spaces', {
        ...path,
        body: { title: 'Refused' },
      }),
      403,
    );
    await expectApiError(
      staff.admin.client.POST('/orgs/{organizationId}/spaces', { ...path, body: { title: '' } }),
      400,
    );
    expect(await server.countRows('events')).toBe(before);
  });

  it('records what the server does by itself as the system', async () => {
    const path = { params: { path: { organizationId: staff.organizationId } } };
    const space = await staff.admin.client.POST('/orgs/{organizationId}/spaces', {
      ...path,
      body: { title: 'Expiring' },
    });
    await staff.admin.client.DELETE('/spaces/{spaceId}', {
      params: { path: { spaceId: space.id } },
    });
    server.clock.advance(8 * 24 * 60 * 60 * 1000);
    expect(await purgeExpiredSpaces(server.services.db, server.clock.now())).toBeGreaterThan(0);
    const purged = await auditLog({ action: 'space.purged' });
    expect(purged.items).toContainEqual(
      expect.objectContaining({
        source: 'workflow',
        actor: { type: 'system', id: 'quire', label: 'Quire' },
        target: expect.objectContaining({ id: space.id }),
      }),
    );
  });
});
