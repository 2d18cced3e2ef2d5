import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { loadOpenApiDocument } from '@quire/contract';
import { Ajv2020 } from 'ajv/dist/2020.js';
import formats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractTools } from '../src/mcp/contract-tools.js';
import { toolChoices } from '../src/mcp/tool-list.js';
import { builtEntry } from './support/server-process.js';
import { createSpaceWithContent } from './support/space-with-content.js';
import {
  createStaffedOrganization,
  type StaffedOrganization,
  startTestServer,
  type TestServer,
  type TestUser,
} from './support/test-server.js';

const document = loadOpenApiDocument();

let server: TestServer;
let org: StaffedOrganization;
let reviewer: TestUser;
let spaceId: string;
let siteId: string;
let welcomeId: string;
const clients: Client[] = [];
// Which tools answered and which refused, so a tool added to the list without a case fails.
const answered = new Set<string>();
const refusals = new Set<string>();

/** An MCP client of the server's `/mcp`, acting with `token`. */
async function connect(token: string): Promise<Client> {
  const client = new Client({ name: 'quire-test', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL('http://quire.test/mcp'), {
    fetch: (input, init) => server.fetch(new Request(input, init)),
    requestInit: { headers: { authorization: `Bearer ${token}` } },
  });
  await client.connect(transport);
  clients.push(client);
  return client;
}

const textOf = (result: Awaited<ReturnType<Client['callTool']>>) =>
  (result as CallToolResult).content
    .map((part) => (part.type === 'text' ? part.text : ''))
    .join('');

/** Calls a tool that must succeed, and answers its text (JSON answers parsed). */
async function call(client: Client, name: string, args: Record<string, unknown> = {}) {
  const result = await client.callTool({ name, arguments: args });
  const text = textOf(result);
  expect(result.isError, `${name} failed: ${text}`).toBeFalsy();
  answered.add(name);
  return text;
}
const callJson = async (client: Client, name: string, args: Record<string, unknown> = {}) =>
  JSON.parse(await call(client, name, args));

/** Calls a tool that must be refused, and answers the refusal. */
async function refused(client: Client, name: string, args: Record<string, unknown> = {}) {
  const result = await client.callTool({ name, arguments: args });
  expect(result.isError, `${name} was not refused: ${textOf(result)}`).toBe(true);
  refusals.add(name);
  return textOf(result);
}

beforeAll(async () => {
  server = await startTestServer();
  org = await createStaffedOrganization(server);
  reviewer = await server.createUser({ organizationId: org.organizationId, role: 'review' });
  spaceId = await createSpaceWithContent(org, 'Handbook', [
    {
      operation: 'insert_page',
      title: 'Welcome',
      document: { markdown: 'Start with the **quickstart**.\n' },
    },
    {
      operation: 'insert_page',
      title: 'Deploying',
      document: { markdown: 'Deploy with `quire deploy` on any host.\n' },
    },
  ]);
  const pages = await org.admin.client.GET('/spaces/{spaceId}/content/pages', {
    params: { path: { spaceId } },
  });
  welcomeId = pages.pages.find((page) => page.title === 'Welcome')?.id ?? '';
  siteId = (
    await org.admin.client.POST('/orgs/{organizationId}/sites', {
      params: { path: { organizationId: org.organizationId } },
      body: { title: 'Handbook site', spaces: [spaceId] },
    })
  ).id;
});

afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await server.close();
});

describe('the MCP endpoint', () => {
  it('lists the tools of the curated list, named by their operationIds', async () => {
    const client = await connect(org.reader.token);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(toolChoices.map((choice) => choice.operationId));
    const page = tools.find((tool) => tool.name === 'getPageById');
    expect(page?.description).toContain('Get a page of a space by its ID');
    expect(page?.inputSchema.required).toEqual(['spaceId', 'pageId']);
    // The page comes as Markdown whatever the agent asks.
    expect(Object.keys(page?.inputSchema.properties ?? {})).not.toContain('format');
    expect(page?.annotations).toMatchObject({ readOnlyHint: true, openWorldHint: false });
    const merge = tools.find((tool) => tool.name === 'mergeChangeRequest');
    expect(merge?.annotations?.readOnlyHint).toBe(false);
    // A question is a read, though it is posted.
    const ask = tools.find((tool) => tool.name === 'askInOrganization');
    expect(ask?.annotations).toMatchObject({ readOnlyHint: true, idempotentHint: true });
  });

  it('gives every tool an input schema a JSON Schema validator compiles on its own', () => {
    const ajv = new Ajv2020({ strict: true, strictTypes: false, strictRequired: false });
    formats.default(ajv);
    for (const tool of contractTools(document)) {
      expect(tool.inputSchema.type).toBe('object');
      expect(() => ajv.compile(tool.inputSchema), tool.name).not.toThrow();
      for (const name of (tool.inputSchema.required as string[] | undefined) ?? []) {
        expect(tool.inputSchema.properties, tool.name).toHaveProperty(name);
      }
    }
    // The batch's changes keep their schema, components and all.
    const batch = contractTools(document).find(
      (tool) => tool.name === 'updateChangeRequestContent',
    );
    const validate = ajv.compile(batch?.inputSchema ?? {});
    const change = { operation: 'update_page', page: 'abc', document: { markdown: 'x' } };
    expect(validate({ spaceId: 's', changeRequestId: 'c', body: { changes: [change] } })).toBe(
      true,
    );
    expect(validate({ spaceId: 's', changeRequestId: 'c', body: { changes: [{}] } })).toBe(false);
  });

  it('fails to start when the list names an operation the contract lacks, or fixes what it does not take', () => {
    expect(() => contractTools(document, [{ operationId: 'getSpaceById' }])).not.toThrow();
    const renamed = structuredClone(document);
    const path = renamed.paths['/spaces/{spaceId}'] as { get: { operationId: string } };
    path.get.operationId = 'getSpace';
    expect(() => contractTools(renamed)).toThrow(/getSpaceById names an operation/);
    expect(() =>
      contractTools(document, [{ operationId: 'getSpaceById', fixed: { format: 'markdown' } }]),
    ).toThrow(/fixes format/);
  });

  it('refuses a request without a working API token with 401, before any tool runs', async () => {
    const initialize = (headers: Record<string, string>) =>
      server.fetch(
        new Request('http://quire.test/mcp', {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'application/json, text/event-stream',
            ...headers,
          },
          body: JSON.stringify({
            jsonrpc: '2.0',
            id: 1,
            method: 'initialize',
            params: {
              protocolVersion: '2025-06-18',
              capabilities: {},
              clientInfo: { name: 'x', version: '1' },
            },
          }),
        }),
      );
    const missing = await initialize({});
    expect(missing.status).toBe(401);
    expect(await missing.json()).toMatchObject({ error: { code: 401 } });
    expect((await initialize({ authorization: 'Bearer qr_nope' })).status).toBe(401);
    expect((await initialize({ authorization: `Bearer ${org.reader.token}` })).status).toBe(200);
    const get = await server.fetch(
      new Request('http://quire.test/mcp', {
        headers: { authorization: `Bearer ${org.reader.token}` },
      }),
    );
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
  });

  it('answers tool calls whose arguments are not an object as invalid params (-32602)', async () => {
    const call = (args: unknown) =>
      server.fetch(
        new Request('http://quire.test/mcp', {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'application/json, text/event-stream',
            authorization: `Bearer ${org.reader.token}`,
          },
          body: JSON.stringify({
            jsonrpc: '2.0',
            id: 7,
            method: 'tools/call',
            params: { name: 'listOrganizationsForAuthenticatedUser', arguments: args },
          }),
        }),
      );
    for (const args of [null, 'x', [1]]) {
      const answer = await call(args);
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual({
        jsonrpc: '2.0',
        id: 7,
        error: { code: -32602, message: 'Invalid params: params.arguments must be an object' },
      });
    }
  });
});

/** A read tool answers `expected` to a reader of the organization and 404 to an outsider. */
async function readsForReadersOnly(
  name: string,
  args: () => Record<string, unknown>,
  expected: string,
) {
  const reader = await connect(org.reader.token);
  const outsider = await connect(org.outsider.token);
  expect(await call(reader, name, args())).toContain(expected);
  expect(await refused(outsider, name, args())).toMatch(/^404: /);
}

describe('each tool, for a role that may and one that may not', () => {
  // Filled as the tools run, in order: a change request is opened, edited, commented on,
  // reviewed and merged.
  const made: { changeRequestId?: string; commentId?: string } = {};
  const at = () => ({ spaceId, changeRequestId: made.changeRequestId });

  it('answers only the caller their own user and organizations', async () => {
    const admin = await connect(org.admin.token);
    const outsider = await connect(org.outsider.token);
    expect(await callJson(admin, 'getAuthenticatedUser')).toMatchObject({ id: org.admin.user.id });
    expect(await callJson(outsider, 'getAuthenticatedUser')).toMatchObject({
      id: org.outsider.user.id,
    });
    const theirs = await callJson(admin, 'listOrganizationsForAuthenticatedUser');
    expect(theirs.items.map((item: { id: string }) => item.id)).toEqual([org.organizationId]);
    // Lists are trimmed for an agent: no permissions, no URLs but where to open the thing.
    expect(theirs.items[0]).not.toHaveProperty('permissions');
    expect(Object.keys(theirs.items[0].urls)).toEqual(['app']);
    const none = await callJson(outsider, 'listOrganizationsForAuthenticatedUser');
    expect(none.items).toEqual([]);
  });

  it.each([
    ['listSpacesInOrganizationById', () => ({ organizationId: org.organizationId }), 'Handbook'],
    ['getSpaceById', () => ({ spaceId }), 'Handbook'],
    ['listSites', () => ({ organizationId: org.organizationId }), 'Handbook site'],
    ['listSiteSpaces', () => ({ organizationId: org.organizationId, siteId }), 'site-space'],
    [
      'searchOrganizationContent',
      () => ({ organizationId: org.organizationId, query: 'deploy' }),
      'Deploying',
    ],
    ['searchSpaceContent', () => ({ spaceId, query: 'quickstart' }), 'Welcome'],
    [
      'askInOrganization',
      () => ({ organizationId: org.organizationId, body: { query: 'How do I deploy?' } }),
      '[Deploying',
    ],
    ['listPages', () => ({ spaceId }), 'Deploying'],
    ['getPageByPath', () => ({ spaceId, pagePath: 'deploying' }), '`quire deploy`'],
    ['listChangeRequestsForSpace', () => ({ spaceId }), '"items"'],
  ])('%s reads for a reader and is refused to an outsider', readsForReadersOnly);

  it('getPageById reads a page as Markdown under a header with its ids', async () => {
    const reader = await connect(org.reader.token);
    const page = await call(reader, 'getPageById', { spaceId, pageId: welcomeId });
    expect(page).toBe(
      `---\nid: ${welcomeId}\npath: welcome\n---\n\n# Welcome\n\nStart with the **quickstart**.\n`,
    );
    const outsider = await connect(org.outsider.token);
    expect(await refused(outsider, 'getPageById', { spaceId, pageId: welcomeId })).toMatch(/^404/);
  });

  it('createChangeRequest opens one for an editor and is refused to a reader', async () => {
    const reader = await connect(org.reader.token);
    expect(await refused(reader, 'createChangeRequest', { spaceId, body: {} })).toMatch(/^403: /);
    const editor = await connect(org.creator.token);
    const opened = await callJson(editor, 'createChangeRequest', {
      spaceId,
      body: { subject: 'Explain rollbacks' },
    });
    expect(opened).toMatchObject({ subject: 'Explain rollbacks', status: 'open' });
    made.changeRequestId = opened.id;
  });

  it.each([
    [
      'updateChangeRequestById',
      () => ({ ...at(), body: { subject: 'Explain rollbacks and restores' } }),
    ],
    [
      'updateChangeRequestContent',
      () => ({
        ...at(),
        body: {
          changes: [
            {
              operation: 'update_page',
              page: welcomeId,
              document: { markdown: 'Start with the **quickstart**, then roll back if needed.\n' },
            },
          ],
        },
      }),
    ],
    ['requestReviewersForChangeRequest', () => ({ ...at(), body: { users: [reviewer.user.id] } })],
  ])('%s writes for an editor and is refused to a reader', async (name, args) => {
    const reader = await connect(org.reader.token);
    expect(await refused(reader, name, args())).toMatch(/^403: /);
    const editor = await connect(org.creator.token);
    await call(editor, name, args());
  });

  it.each([
    ['getChangeRequestById', () => at(), 'Explain rollbacks and restores'],
    ['listPagesInChangeRequest', () => at(), 'Welcome'],
    ['getPageInChangeRequestById', () => ({ ...at(), pageId: welcomeId }), 'roll back if needed'],
    ['getChangeRequestChanges', () => at(), 'page_edited'],
    ['getChangeRequestDiff', () => at(), '+Start with the **quickstart**, then roll back'],
  ])('%s reads for a reader and is refused to an outsider', readsForReadersOnly);

  it('postCommentInChangeRequest and its reply are for commenters, not readers', async () => {
    const reader = await connect(org.reader.token);
    const body = { body: { markdown: 'Should this mention **staging**?' } };
    expect(await refused(reader, 'postCommentInChangeRequest', { ...at(), body })).toMatch(
      /^403: /,
    );
    const commenter = await connect(reviewer.token);
    const comment = await callJson(commenter, 'postCommentInChangeRequest', { ...at(), body });
    expect(comment.body.markdown).toContain('Should this mention **staging**?');
    made.commentId = comment.id;

    const reply = { body: { markdown: 'Staging next time.' } };
    const args = { ...at(), commentId: made.commentId, body: reply };
    expect(await refused(reader, 'postCommentReplyInChangeRequest', args)).toMatch(/^403: /);
    const editor = await connect(org.creator.token);
    await call(editor, 'postCommentReplyInChangeRequest', args);

    const outsider = await connect(org.outsider.token);
    expect(await call(reader, 'listCommentsInChangeRequest', at())).toContain('**staging**');
    expect(await refused(outsider, 'listCommentsInChangeRequest', at())).toMatch(/^404/);
    const replies = { ...at(), commentId: made.commentId };
    expect(await call(reader, 'listCommentRepliesInChangeRequest', replies)).toContain(
      'Staging next time.',
    );
    expect(await refused(outsider, 'listCommentRepliesInChangeRequest', replies)).toMatch(/^404/);
  });

  it('submitChangeRequestReview is for reviewers, and its reviews read for readers', async () => {
    const reader = await connect(org.reader.token);
    const args = { ...at(), body: { status: 'approved' } };
    expect(await refused(reader, 'submitChangeRequestReview', args)).toMatch(/^403: /);
    const reviewing = await connect(reviewer.token);
    expect(await callJson(reviewing, 'submitChangeRequestReview', args)).toMatchObject({
      status: 'approved',
    });
    expect(await call(reader, 'getReviewsByChangeRequestId', at())).toContain('approved');
    const outsider = await connect(org.outsider.token);
    expect(await refused(outsider, 'getReviewsByChangeRequestId', at())).toMatch(/^404/);
  });

  it('mergeChangeRequest merges for an editor and is refused to a reader', async () => {
    const reader = await connect(org.reader.token);
    expect(await refused(reader, 'mergeChangeRequest', at())).toMatch(/^403: /);
    const editor = await connect(org.creator.token);
    await call(editor, 'mergeChangeRequest', at());
    const page = await org.reader.client.GET('/spaces/{spaceId}/content/page/{pageId}', {
      params: { path: { spaceId, pageId: welcomeId } },
    });
    expect(page).toMatchObject({ markdown: expect.stringContaining('roll back if needed') });
  });

  it('publishSite publishes for an admin and is refused to an editor', async () => {
    const editor = await connect(org.creator.token);
    const args = { organizationId: org.organizationId, siteId };
    expect(await refused(editor, 'publishSite', args)).toMatch(/^403: /);
    const admin = await connect(org.admin.token);
    const site = await callJson(admin, 'publishSite', args);
    expect(site).toMatchObject({ id: siteId });
    expect(site.urls.published).toContain(siteId);
  });

  it('has run every tool of the list, and seen each refused but those about the caller', () => {
    const listed = toolChoices.map((choice) => choice.operationId);
    expect(listed.filter((name) => !answered.has(name))).toEqual([]);
    const aboutTheCaller = ['getAuthenticatedUser', 'listOrganizationsForAuthenticatedUser'];
    expect(listed.filter((name) => !refusals.has(name))).toEqual(aboutTheCaller);
  });
});

describe('an agent at work', () => {
  it('searches, opens a change request, edits a page, has it reviewed and merges it', async () => {
    const agent = await connect(org.creator.token);
    const found = await callJson(agent, 'searchSpaceContent', { spaceId, query: 'deploy host' });
    const deploying = found.items.find((item: { title: string }) => item.title === 'Deploying');
    expect(deploying).toBeDefined();

    const opened = await callJson(agent, 'createChangeRequest', {
      spaceId,
      body: { subject: 'Say how to roll back a deploy' },
    });
    const path = { spaceId, changeRequestId: opened.id };
    const before = await call(agent, 'getPageInChangeRequestById', {
      ...path,
      pageId: deploying.id,
    });
    const body = before.slice(before.indexOf('\n\n# Deploying\n\n') + '\n\n# Deploying\n\n'.length);
    expect(body).toBe('Deploy with `quire deploy` on any host.\n');
    const edited = await callJson(agent, 'updateChangeRequestContent', {
      ...path,
      body: {
        changes: [
          {
            operation: 'update_page',
            page: deploying.id,
            document: { markdown: `${body}\nRoll back with \`quire rollback\`.\n` },
          },
        ],
      },
    });
    expect(edited.revision).not.toBe(opened.revision);
    const changes = await callJson(agent, 'getChangeRequestChanges', path);
    expect(changes.changes).toEqual([
      expect.objectContaining({
        type: 'page_edited',
        page: expect.objectContaining({ id: deploying.id }),
      }),
    ]);

    const diff = await callJson(agent, 'getChangeRequestDiff', path);
    expect(diff.items).toEqual([
      expect.objectContaining({
        change: 'edited',
        patch: expect.stringContaining('\n+Roll back with `quire rollback`.\n'),
      }),
    ]);

    const reviewing = await connect(reviewer.token);
    await call(reviewing, 'submitChangeRequestReview', { ...path, body: { status: 'approved' } });
    const merged = await callJson(agent, 'mergeChangeRequest', path);
    expect(merged).toMatchObject({ result: 'merge' });

    const page = await org.reader.client.GET('/spaces/{spaceId}/content/page/{pageId}', {
      params: { path: { spaceId, pageId: deploying.id } },
    });
    expect(page).toMatchObject({ markdown: expect.stringContaining('quire rollback') });
    // The agent's calls are the API's: recorded as the token's owner did them.
    const events = await org.admin.client.GET('/orgs/{organizationId}/audit-events', {
      params: { path: { organizationId: org.organizationId }, query: { limit: 100 } },
    });
    const ofThisRequest = events.items.filter(
      (event) => event.target.id === opened.id || event.target.id === spaceId,
    );
    for (const action of [
      'change_request.created',
      'change_request.content_updated',
      'change_request.merged',
    ]) {
      expect(ofThisRequest.find((event) => event.action === action)?.actor.id, action).toBe(
        org.creator.user.id,
      );
    }
  });
});

describe('bad arguments', () => {
  /** The message the HTTP API answers a request with. */
  async function httpMessage(method: string, path: string, body?: unknown) {
    const response = await server.fetch(
      new Request(`http://quire.test/v1${path}`, {
        method,
        headers: {
          authorization: `Bearer ${org.creator.token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
    );
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as { error: { message: string } };
    return `400: ${error.message}`;
  }

  it('get the same messages as from the HTTP API', async () => {
    const agent = await connect(org.creator.token);
    expect(await refused(agent, 'createChangeRequest', { spaceId, body: { subject: 42 } })).toBe(
      await httpMessage('POST', `/spaces/${spaceId}/change-requests`, { subject: 42 }),
    );
    expect(await refused(agent, 'listChangeRequestsForSpace', { spaceId, limit: 'many' })).toBe(
      await httpMessage('GET', `/spaces/${spaceId}/change-requests?limit=many`),
    );
    expect(await refused(agent, 'searchSpaceContent', { spaceId })).toBe(
      await httpMessage('GET', `/spaces/${spaceId}/search`),
    );
    const opened = await callJson(agent, 'createChangeRequest', { spaceId, body: {} });
    const content = `/spaces/${spaceId}/change-requests/${opened.id}/content`;
    const batch = { changes: [{ operation: 'update_page', page: welcomeId, title: '' }] };
    expect(
      await refused(agent, 'updateChangeRequestContent', {
        spaceId,
        changeRequestId: opened.id,
        body: batch,
      }),
    ).toBe(await httpMessage('POST', content, batch));
    expect(
      await refused(agent, 'updateChangeRequestContent', { spaceId, changeRequestId: opened.id }),
    ).toBe(await httpMessage('POST', content));
  });

  it('that make no request at all are tool errors that say what is wrong', async () => {
    const agent = await connect(org.creator.token);
    expect(await refused(agent, 'getSpaceById', { spaceId, colour: 'blue' })).toBe(
      '400: Unknown argument colour; getSpaceById takes spaceId, shareKey',
    );
    expect(await refused(agent, 'getSpaceById', {})).toBe('400: spaceId is required');
    expect(await refused(agent, 'getSpaceById', { spaceId: '' })).toBe('400: spaceId is required');
    expect(await refused(agent, 'deleteSpaceById', { spaceId })).toBe(
      'Unknown tool deleteSpaceById',
    );
    // Refusals never end the session: the client goes on.
    expect(await call(agent, 'getSpaceById', { spaceId })).toContain('Handbook');
  });
});

describe('page resources', () => {
  it('reads a page as Markdown by its quire:// URI, as the caller may', async () => {
    const reader = await connect(org.reader.token);
    const { resourceTemplates } = await reader.listResourceTemplates();
    expect(resourceTemplates.map((template) => template.uriTemplate)).toEqual([
      'quire://spaces/{spaceId}/pages/{pageId}',
    ]);
    const uri = `quire://spaces/${spaceId}/pages/${welcomeId}`;
    const { contents } = await reader.readResource({ uri });
    expect(contents).toEqual([
      {
        uri,
        mimeType: 'text/markdown',
        text: expect.stringContaining('# Welcome\n\nStart with the **quickstart**'),
      },
    ]);
    const outsider = await connect(org.outsider.token);
    await expect(outsider.readResource({ uri })).rejects.toThrow(/404/);
    await expect(reader.readResource({ uri: 'quire://spaces/x' })).rejects.toThrow(/No resource/);
  });
});

describe('quire mcp, over stdio', () => {
  /** Starts `quire mcp` as an agent's client does, against the server on a real socket. */
  async function withStdioServer(token: string, use: (client: Client) => Promise<void>) {
    const api = serve({ fetch: server.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => api.once('listening', resolve));
    const { port } = api.address() as AddressInfo;
    const client = new Client({ name: 'quire-test', version: '1.0.0' });
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [builtEntry('cli'), 'mcp'],
      env: {
        PATH: process.env.PATH ?? '',
        QUIRE_API_URL: `http://127.0.0.1:${port}`,
        QUIRE_TOKEN: token,
      },
      stderr: 'pipe',
    });
    let stderr = '';
    transport.stderr?.on('data', (chunk) => {
      stderr += String(chunk);
    });
    try {
      await client.connect(transport);
      await use(client);
    } catch (error) {
      throw new Error(`${String(error)}\n${stderr}`);
    } finally {
      await client.close();
      await new Promise((resolve) => api.close(resolve));
    }
  }

  it('serves the same tools, calling the server as the owner of the token', {
    timeout: 60_000,
  }, async () => {
    await withStdioServer(org.reader.token, async (client) => {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual(
        toolChoices.map((choice) => choice.operationId),
      );
      const page = await client.callTool({
        name: 'getPageById',
        arguments: { spaceId, pageId: welcomeId },
      });
      expect(textOf(page)).toContain('# Welcome');
      const refusal = await client.callTool({
        name: 'createChangeRequest',
        arguments: { spaceId, body: {} },
      });
      expect(refusal.isError).toBe(true);
      expect(textOf(refusal)).toMatch(/^403: /);
    });
  });

  it('stops at once, saying why, when the server refuses the token', {
    timeout: 60_000,
  }, async () => {
    await expect(withStdioServer('qr_not-a-token', async () => {})).rejects.toThrow(
      /refuses QUIRE_TOKEN \(401\)/,
    );
  });
});
