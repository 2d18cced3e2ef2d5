import { loadOpenApiDocument } from '@quire/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { contentTemplates } from '../src/domain/templates/template-catalog.js';
import { type OperationRoute, operationRoutes } from '../src/http/operations.js';
import { SchemaValidator } from '../src/http/schema-validator.js';
import { ContractViolation } from './support/contract-fetch.js';
import {
  type DatabaseChanges,
  describeChanges,
  recordDatabaseChanges,
} from './support/database-changes.js';
import {
  callerArbitrary,
  createFuzzFixtures,
  type FuzzFixtures,
  harvestPageTokens,
} from './support/fuzz-fixtures.js';
import { describeRequest, type FuzzRequest, toRequest } from './support/fuzz-request.js';
import { requestArbitrary, type ValueLocation } from './support/request-arbitrary.js';
import { compileInputChecks } from './support/request-conformance.js';
import { startTestServer, type TestServer, testBaseUrl } from './support/test-server.js';

// Runs per operation. By default about 4,000 requests in all, split among the operations (25
// each at least), which keeps the file near a minute on a slow two-core machine as the contract
// grows; raise it (FC_RUNS=2000) after changing validation, auth or an operation. A failure
// prints fast-check's seed and path: `FC_SEED=<seed> FC_PATH=<path> vitest run
// test/fuzz.test.ts -t <operationId>` replays that counterexample (the ids of the fixtures differ
// from run to run).
const document = loadOpenApiDocument();
const routes = operationRoutes(document);
// PostgreSQL gets a third of the budget: each request costs it more, and the HTTP layer is the
// same; what differs there is locking and SQL.
const onPostgres = process.env.QUIRE_TEST_DATABASE === 'postgres';
const budget = onPostgres ? 1300 : 4000;
const runs = Number(
  process.env.FC_RUNS ?? Math.max(onPostgres ? 8 : 25, Math.round(budget / routes.length)),
);
const replay = {
  ...(process.env.FC_SEED === undefined ? {} : { seed: Number(process.env.FC_SEED) }),
  ...(process.env.FC_PATH === undefined ? {} : { path: process.env.FC_PATH }),
};
const requestBodyLimit = 64 * 1024;

/**
 * Every path parameter the contract declares, each drawing real values from the fixture of its
 * name plus `s` (`spaceId` → `fixtures.spaceIds`): an operation with a new kind of id fails here
 * until the fixtures make one, so no operation is fuzzed with random ids alone.
 */
const pathParameterNames = [
  ...new Set(
    routes.flatMap((route) =>
      route.parameters.filter((parameter) => parameter.in === 'path').map(({ name }) => name),
    ),
  ),
];

function pathValuesOf(fixtures: FuzzFixtures): Record<string, readonly string[]> {
  const lists = new Map<string, unknown>(Object.entries(fixtures));
  const values: Record<string, readonly string[]> = {};
  for (const name of pathParameterNames) {
    const list = lists.get(`${name}s`);
    if (!Array.isArray(list) || list.length === 0 || !list.every((v) => typeof v === 'string')) {
      throw new Error(`Path parameter ${name} has no real values: add ${name}s to the fixtures`);
    }
    values[name] = list;
  }
  return values;
}

const coercing = new SchemaValidator(document, { coerceTypes: true });
const strict = new SchemaValidator(document);

describe('every operation of the contract, fuzzed', () => {
  let server: TestServer;
  let fixtures: FuzzFixtures;
  let changes: DatabaseChanges;
  const pageTokens = new Map<string, string[]>();

  beforeAll(async () => {
    server = await startTestServer({ requestBodyLimit });
    fixtures = await createFuzzFixtures(server);
    changes = await recordDatabaseChanges(server.services.db, server.services.dialect);
  });
  afterAll(() => server.close());

  /**
   * Real values for a parameter or body field, by its name (`query.page` before `page`): path
   * parameters come from the contract (see `pathValuesOf`); a body or query field that names an
   * existing kind of thing needs one line here.
   */
  const realValuesFor =
    (route: OperationRoute) =>
    (name: string, location: ValueLocation): readonly string[] => {
      const ownTokens = pageTokens.get(route.operationId) ?? [];
      const byName: Record<string, readonly string[] | undefined> = {
        ...pathValuesOf(fixtures),
        organization: fixtures.organizationIds,
        space: fixtures.spaceIds,
        parent: fixtures.collectionIds,
        page: fixtures.pageIds,
        into: fixtures.pageIds,
        targetPage: fixtures.pageIds,
        authors: [fixtures.admin.user.id, fixtures.reader.user.id],
        sectionId: fixtures.siteSectionIds,
        siteSection: fixtures.siteSectionIds,
        defaultSiteSection: fixtures.siteSectionIds,
        sections: fixtures.siteSectionIds,
        siteSpace: fixtures.siteSpaceIds,
        defaultSiteSpace: fixtures.siteSpaceIds,
        users: [fixtures.reader.user.id, fixtures.outsider.user.id],
        members: [fixtures.reader.user.id],
        owner: [fixtures.reader.user.id],
        add: [fixtures.reader.user.id, fixtures.reader.user.email],
        remove: [fixtures.reader.user.id],
        teams: fixtures.teamIds,
        // The dependencies of computed sources: a spec by its slug, a translation by its id.
        spec: fixtures.specSlugs,
        translation: fixtures.translationIds,
        'body.id': contentTemplates.map((template) => template.id),
        // The list's own token first, then those of the lists fuzzed before: a token must open
        // only the list it was made for.
        'query.page': [
          ...ownTokens,
          ...[...pageTokens.values()].flat().filter((token) => !ownTokens.includes(token)),
        ],
      };
      return byName[`${location}.${name}`] ?? byName[name] ?? [];
    };

  for (const route of routes) {
    it(
      `${route.operationId}: ${route.method.toUpperCase()} ${route.specPath}`,
      async () => {
        const realValuesOf = realValuesFor(route);
        pageTokens.set(
          route.operationId,
          await harvestPageTokens(server, route, fixtures.admin, realValuesOf),
        );
        const requests = requestArbitrary(route, {
          document,
          checks: compileInputChecks(route, coercing, strict),
          callers: callerArbitrary(fixtures),
          realValuesOf,
          requestBodyLimit,
        });
        await fc.assert(
          fc.asyncProperty(requests, (request) =>
            answersWithinContract(server, changes, route, request),
          ),
          { numRuns: runs, ...replay },
        );
      },
      60_000 + runs * 200,
    );
  }
});

/**
 * Sends one request and checks the answer: never a 5xx, an error body with the status on every
 * 4xx, a body the contract allows on every 2xx (the test server's fetch checks status and schema),
 * a 4xx for every request that breaks the contract or comes without a valid token, and no change
 * to the database from a refused request.
 */
async function answersWithinContract(
  server: TestServer,
  changes: DatabaseChanges,
  route: OperationRoute,
  request: FuzzRequest,
): Promise<void> {
  const fail = (problem: string, answer?: string): never => {
    throw new Error(
      [
        problem,
        `Request (${request.caller}; ${request.notes.join('; ')}):`,
        describeRequest(request),
        ...(answer === undefined ? [] : ['Answer:', answer]),
      ].join('\n'),
    );
  };
  const before = await changes.mark();
  let response: Response;
  try {
    response = await server.fetch(toRequest(request, testBaseUrl));
  } catch (error) {
    if (!(error instanceof ContractViolation)) throw error;
    // The contract declares no 5xx, so the test server's check is what reports a server error.
    const serverError = / → 5\d\d\b/.test(error.message);
    return fail(
      `${serverError ? 'Server error' : 'Answer outside the contract'}: ${error.message}`,
    );
  }
  const text = await response.text();
  const answer = `${response.status} ${text.slice(0, 600)}`;
  const { status } = response;

  if (status >= 500) fail('Server error', answer);
  if (status >= 400) {
    const error = errorOf(text);
    if (error === undefined || error.code !== status) {
      fail(`A ${status} without the error body {"error":{"code":${status},"message":"…"}}`, answer);
    }
    const written = describeChanges(await changes.since(before));
    if (written !== undefined) fail(`A refused request changed the database:\n${written}`, answer);
  }
  if (status < 300 && route.method !== 'get') {
    await recordedItsEvent(
      server,
      changes,
      before,
      response.headers.get('x-request-id'),
      fail,
      answer,
    );
  }
  if (request.breaksContract && status < 400) {
    fail('A request that breaks the contract was not refused', answer);
  }
  if (!route.isPublic && !request.authenticated && status < 400) {
    fail('A protected operation answered a caller without a valid token', answer);
  }
}

// Written along with the changes they belong to, never as changes of their own.
const bookkeepingTables = new Set(['events', 'content_objects']);
// Readers' traffic, kept for the site's owners to count and read: what readers viewed, asked and
// reported changes nothing of the organization, and is no event of its audit log or webhooks.
const readerTrafficTables = new Set([
  'site_insight_events',
  'site_questions',
  'site_question_answers',
  'site_question_answer_sources',
  'site_agent_feedback',
]);

/**
 * A write that changed the database recorded an event, with its request id, in the same
 * commit: every mutating operation, now and later, goes through the event recorder.
 */
async function recordedItsEvent(
  server: TestServer,
  changes: DatabaseChanges,
  before: number,
  requestId: string | null,
  fail: (problem: string, answer?: string) => never,
  answer: string,
): Promise<void> {
  const changed = [...new Set((await changes.since(before)).map((change) => change.table))].filter(
    (table) => !bookkeepingTables.has(table) && !readerTrafficTables.has(table),
  );
  if (changed.length === 0) return;
  const events = await server.services.db
    .selectFrom('events')
    .select('action')
    .where('request_id', '=', requestId ?? '')
    .execute();
  if (events.length === 0) {
    fail(`A write that changed ${changed.join(', ')} recorded no event`, answer);
  }
}

function errorOf(text: string): { code: unknown; message: string } | undefined {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof body !== 'object' || body === null || !('error' in body)) return undefined;
  const { error } = body;
  if (typeof error !== 'object' || error === null || !('code' in error) || !('message' in error)) {
    return undefined;
  }
  return typeof error.message === 'string'
    ? { code: error.code, message: error.message }
    : undefined;
}
