import { GitBookAPI } from '@gitbook/api';
import type { components } from '@quire/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { askEngine } from '../src/domain/ask/ask-engine.js';
import { eventData, parseEventStream } from './support/event-stream.js';
import { expectApiError } from './support/expect-api-error.js';
import { type FakeModel, startFakeModel } from './support/fake-model-server.js';
import { GitBookContract } from './support/gitbook-contract.js';
import { createSpaceWithContent } from './support/space-with-content.js';
import {
  createStaffedOrganization,
  type StaffedOrganization,
  startTestServer,
  type TestServer,
  type TestUser,
  testBaseUrl,
} from './support/test-server.js';

type Schemas = components['schemas'];
type AnswerEvent = Schemas['SearchAIAnswerStream'];

const install = `Run \`quire install\` to install the command line tool.

{% if visitor.claims.unsigned.beta === true %}
Beta testers install with the flag --channel=canary-beta-secret.
{% endif %}

## Upgrading

Run \`quire upgrade\` to install a newer version.
`;

describe('ask', () => {
  let model: FakeModel;
  let server: TestServer;
  let org: StaffedOrganization;
  let guest: TestUser;
  let guidesSpace: string;
  let internalSpace: string;
  let siteId: string;

  const at = () => ({ organizationId: org.organizationId, siteId });
  const siteUrl = (path = '') => `${testBaseUrl}/s/${siteId}/${path}`;

  /** A reader's token for the published site, with these unsigned claims. */
  const readerToken = async (claims: Record<string, unknown> = {}) => {
    const lookup = await server.clientWith().POST('/urls/published', {
      body: { url: siteUrl(), visitor: { unsignedClaims: claims } },
    });
    if (!('apiToken' in lookup)) throw new Error('The site did not open');
    return lookup.apiToken;
  };

  /** Asks the site, as the token's holder, and answers the raw response. */
  const askSite = (token: string, body: Record<string, unknown>, format?: string) => {
    // Each question a second after the one before, as people ask them.
    server.clock.advance(1000);
    return server.fetch(
      new Request(
        `${testBaseUrl}/v1/orgs/${org.organizationId}/sites/${siteId}/ask${format === undefined ? '' : `?format=${format}`}`,
        {
          method: 'POST',
          headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ scope: { mode: 'all' }, ...body }),
        },
      ),
    );
  };
  const lastAnswer = async (response: Response) => {
    expect(response.status).toBe(200);
    const events = eventData<AnswerEvent>(await response.text());
    const last = events.at(-1);
    if (last === undefined) throw new Error('No answer came');
    return last.answer;
  };
  const markdownOf = (answer: Schemas['SearchAIAnswer']) =>
    answer.answer !== undefined && 'markdown' in answer.answer ? answer.answer.markdown : '';
  const promptOf = (index = -1) => JSON.stringify(model.requests.at(index)?.body.messages ?? []);

  beforeAll(async () => {
    model = await startFakeModel();
    server = await startTestServer({ askEngine: model.config });
    org = await createStaffedOrganization(server);
    guidesSpace = await createSpaceWithContent(org, 'Guides', [
      { operation: 'insert_page', title: 'Install', document: { markdown: install } },
      {
        operation: 'insert_page',
        title: 'Pricing',
        document: { markdown: 'Every plan includes support.\n' },
      },
    ]);
    internalSpace = await createSpaceWithContent(org, 'Internal', [
      {
        operation: 'insert_page',
        title: 'Install runbook',
        document: { markdown: 'To install on our servers use the vault-password-internal.\n' },
      },
    ]);
    // A guest reads only what is granted to them: the guides, not the internal space.
    guest = await server.createUser();
    const invite = await org.admin.client.POST('/orgs/{organizationId}/link-invites', {
      params: { path: { organizationId: org.organizationId } },
      body: { role: null },
    });
    await guest.client.POST('/orgs/{organizationId}/invites/{inviteId}', {
      params: { path: { organizationId: org.organizationId, inviteId: invite.id } },
    });
    await org.admin.client.POST('/spaces/{spaceId}/permissions', {
      params: { path: { spaceId: guidesSpace } },
      body: { role: 'read', users: [guest.user.id] },
    });
    const site = await org.admin.client.POST('/orgs/{organizationId}/sites', {
      params: { path: { organizationId: org.organizationId } },
      body: { title: 'Acme docs' },
    });
    siteId = site.id;
    await org.admin.client.POST('/orgs/{organizationId}/sites/{siteId}/site-spaces', {
      params: { path: at() },
      body: { spaceId: guidesSpace },
    });
    await org.admin.client.POST('/orgs/{organizationId}/sites/{siteId}/publish', {
      params: { path: at() },
    });
  });
  afterAll(async () => {
    await server.close();
    await model.close();
  });

  it('answers a member across the spaces they may read, citing only links it gave the model', async () => {
    const answer = await guest.client.POST('/orgs/{organizationId}/ask', {
      params: { path: { organizationId: org.organizationId } },
      body: { query: 'How do I install the CLI?' },
    });
    const request = model.requests.at(-1);
    expect(request?.url).toBe('/v1/chat/completions');
    expect(request?.headers.authorization).toBe('Bearer model-secret-key');
    expect(request?.body).toMatchObject({ model: 'local-model', stream: true, max_tokens: 300 });
    // The guest's prompt holds the guides, never the internal space they cannot read.
    expect(promptOf()).toContain('quire install');
    expect(promptOf()).not.toContain('vault-password-internal');
    const markdown = markdownOf(answer.answer ?? { sources: [], followupQuestions: [] });
    const pageUrl = `${testBaseUrl}/app/spaces/${guidesSpace}/pages/`;
    expect(markdown).toMatch(
      new RegExp(
        `^See \\[Install[^\\]]*\\]\\(${pageUrl}\\w+(#[\\w-]+)?\\) for the steps\\. More at our blog\\.$`,
      ),
    );
    expect(markdown).not.toContain('made-up.example');
    expect(answer.answer?.followupQuestions).toEqual(['How do I upgrade?', 'Where are the logs?']);
    expect(answer.answer?.sources).toEqual([
      expect.objectContaining({ type: 'page', space: guidesSpace, sections: [expect.any(String)] }),
    ]);
    expect(JSON.stringify(answer)).not.toContain(internalSpace);

    // An admin reads both spaces: the internal runbook may be given to the model for them.
    await org.admin.client.POST('/orgs/{organizationId}/ask', {
      params: { path: { organizationId: org.organizationId } },
      body: { query: 'How do I install on our servers?' },
    });
    expect(promptOf()).toContain('vault-password-internal');
  });

  it('answers as a JSON document when asked, and keeps earlier questions as context', async () => {
    const answer = await org.reader.client.POST('/orgs/{organizationId}/ask', {
      params: { path: { organizationId: org.organizationId }, query: { format: 'document' } },
      body: { query: 'And upgrading?', previousQueries: ['How do I install the CLI?'] },
    });
    expect(answer.answer?.answer).toMatchObject({ document: { object: 'document' } });
    const messages = model.requests.at(-1)?.body.messages ?? [];
    expect(messages.map((message) => message.role)).toEqual(['system', 'user', 'user']);
    expect(messages[1]?.content).toBe('How do I install the CLI?');
  });

  it("streams the answer as server-sent events that GitBook's client reads", async () => {
    const contract = new GitBookContract();
    const client = new GitBookAPI({
      endpoint: testBaseUrl,
      authToken: org.reader.token,
      serviceBinding: { fetch: (input, init) => server.fetch(new Request(input, init)) },
    }) as unknown as {
      orgs: {
        streamAskInOrganization(
          organizationId: string,
          query: { query: string },
        ): AsyncIterable<AnswerEvent>;
      };
    };
    const events: AnswerEvent[] = [];
    for await (const event of client.orgs.streamAskInOrganization(org.organizationId, {
      query: 'install the command line tool',
    })) {
      contract.checkSchema('SearchAIAnswerStream', event, 'streamAskInOrganization event');
      events.push(event);
    }
    expect(contract.mismatches).toEqual([]);
    expect(events.length).toBeGreaterThan(0);
    const last = events.at(-1)?.answer;
    expect(last && markdownOf(last)).toContain('for the steps.');
    expect(last?.sources.map((source) => source.space)).toEqual([guidesSpace]);
    // No event ever showed a link the model made up, even half of one.
    for (const event of events) expect(JSON.stringify(event)).not.toContain('made-up');
  });

  it('answers a reader of a published site from what the site shows them, and records it', async () => {
    const plain = await readerToken();
    const answer = await lastAnswer(
      await askSite(plain, {
        question: 'How do I install the beta?',
        session: { visitorId: 'visitor-1', sessionId: 'session-1' },
      }),
    );
    // A visitor without the beta claim: the conditional block is never quoted to the model.
    expect(promptOf()).toContain('quire install');
    expect(promptOf()).not.toContain('canary-beta-secret');
    expect(promptOf()).not.toContain('vault-password-internal');
    expect(markdownOf(answer)).toContain(`(${siteUrl('install')}`);
    expect(answer.id).toEqual(expect.any(String));

    const beta = await readerToken({ beta: true });
    await lastAnswer(await askSite(beta, { question: 'How do I install the beta?' }));
    expect(promptOf()).toContain('canary-beta-secret');

    // The owners see the question once, asked twice, with its answers and sources.
    const questions = await org.reader.client.GET(
      '/orgs/{organizationId}/sites/{siteId}/questions',
      {
        params: { path: at() },
      },
    );
    expect(questions.items).toEqual([
      expect.objectContaining({
        object: 'site-question',
        question: 'How do I install the beta?',
        type: 'how-to',
        stats: expect.objectContaining({
          total: 1,
          answers: 2,
          answered: { yes: 2, partially: 0, no: 0 },
        }),
      }),
    ]);
    const questionId = questions.items[0]?.id ?? '';
    const answers = await org.reader.client.GET('/orgs/{organizationId}/sites/{siteId}/answers', {
      params: { path: at(), query: { question: questionId } },
    });
    expect(answers.count).toBe(2);
    const first = answers.items.find((item) => item.id === answer.id);
    expect(first).toMatchObject({
      input: { raw: 'How do I install the beta?' },
      session: { visitorId: 'visitor-1', sessionId: 'session-1' },
      channel: { type: 'site' },
      answered: 'yes',
      relevance: 'relevant',
      language: 'eng',
      topics: [],
      thread: { id: answer.id, previous: '' },
    });
    const sources = await org.reader.client.GET(
      '/orgs/{organizationId}/sites/{siteId}/questions/{siteQuestionId}/sources',
      { params: { path: { ...at(), siteQuestionId: questionId } } },
    );
    expect(sources.items).toEqual([
      expect.objectContaining({
        title: 'Install',
        weight: 2,
        space: guidesSpace,
        urls: { location: siteUrl('install') },
      }),
    ]);
    const withResponse = await org.reader.client.GET(
      '/orgs/{organizationId}/sites/{siteId}/answers/{siteQuestionAnswerId}',
      { params: { path: { ...at(), siteQuestionAnswerId: answer.id ?? '' } } },
    );
    expect(withResponse.response).toMatchObject({
      role: 'assistant',
      steps: [{ phase: 'final_answer' }],
    });
    expect(JSON.stringify(withResponse.response)).toContain('for the steps');
  });

  it('keeps a follow-up in its thread, and takes a reader’s rating of an answer', async () => {
    const token = await readerToken();
    const session = { visitorId: 'visitor-2', sessionId: 'session-2' };
    const first = await lastAnswer(
      await askSite(token, { question: 'What does it cost?', session }),
    );
    const followUp = await lastAnswer(
      await askSite(token, {
        question: 'Is support included?',
        session,
        thread: { previous: first.id },
      }),
    );
    const messages = model.requests.at(-1)?.body.messages ?? [];
    expect(messages.map((message) => message.role)).toEqual([
      'system',
      'user',
      'assistant',
      'user',
    ]);
    const thread = await org.reader.client.GET(
      '/orgs/{organizationId}/sites/{siteId}/answers/{siteQuestionAnswerId}/thread',
      { params: { path: { ...at(), siteQuestionAnswerId: followUp.id ?? '' } } },
    );
    expect(thread.map((turn) => [turn.input.raw, turn.thread.id, turn.thread.previous])).toEqual([
      ['What does it cost?', first.id, ''],
      ['Is support included?', first.id, first.id],
    ]);
    // Another browser cannot continue a reader's conversation, nor one that does not exist.
    await expectRefused(
      askSite(token, { question: 'Me too?', thread: { previous: first.id } }),
      400,
    );
    await expectRefused(askSite(token, { question: 'Me too?', thread: { previous: 'nope' } }), 400);

    await server.clientWith().POST('/orgs/{organizationId}/sites/{siteId}/insights/events', {
      params: { path: at() },
      body: {
        events: [
          {
            type: 'ask_rate_response',
            location: { url: siteUrl(), displayContext: 'site' },
            session,
            query: 'Is support included?',
            rating: -1,
            responseId: followUp.id ?? '',
          },
        ],
      },
    });
    const low = await org.reader.client.GET('/orgs/{organizationId}/sites/{siteId}/answers', {
      params: { path: at(), query: { helpfulness: 'low' } },
    });
    expect(low.items.map((item) => [item.id, item.feedback, item.helpfulness])).toEqual([
      [followUp.id, { rating: -1 }, 'low'],
    ]);
    const stats = await org.reader.client.GET(
      '/orgs/{organizationId}/sites/{siteId}/question-stats',
      {
        params: { path: at() },
      },
    );
    expect(stats.feedback.negative).toBe(1);
    expect(stats.weeklyPulse).toHaveLength(13);
    expect(stats.weeklyPulse.at(-1)).toBe(stats.answers);
    // The beta reader asked without a session: as the API, not the site's Ask box.
    expect(stats.channelTypes).toEqual({ site: stats.answers - 1, api: 1 });
  });

  it('answers with the best sections, clearly marked, when no model is set up', async () => {
    const bare = await startTestServer();
    try {
      const staff = await createStaffedOrganization(bare);
      await createSpaceWithContent(staff, 'Guides', [
        { operation: 'insert_page', title: 'Install', document: { markdown: install } },
      ]);
      const answer = await staff.reader.client.POST('/orgs/{organizationId}/ask', {
        params: { path: { organizationId: staff.organizationId } },
        body: { query: 'How do I install it?' },
      });
      const markdown = markdownOf(answer.answer ?? { sources: [], followupQuestions: [] });
      expect(markdown).toMatch(/^_No language model answers questions on this server/);
      expect(markdown).toContain('[Install]');
      expect(answer.answer?.sources).toHaveLength(1);
      const nothing = await staff.reader.client.POST('/orgs/{organizationId}/ask', {
        params: { path: { organizationId: staff.organizationId } },
        body: { query: 'zebra migration patterns' },
      });
      expect(nothing.answer?.sources).toEqual([]);
      expect(markdownOf(nothing.answer ?? { sources: [], followupQuestions: [] })).toBe(
        'Nothing in the documentation matches this question.',
      );
    } finally {
      await bare.close();
    }
  });

  it('answers 502 when the model fails, records the question as unanswered, and writes no answer', async () => {
    const token = await readerToken();
    const before = (
      await server.services.db.selectFrom('site_question_answer_sources').selectAll().execute()
    ).length;
    model.behave('refuse');
    const refused = await askSite(token, { question: 'Install when the model does refuse?' });
    expect(refused.status).toBe(502);
    expect(await refused.json()).toMatchObject({ error: { code: 502 } });
    model.behave('break');
    const broken = await askSite(token, { question: 'Install when the model breaks?' });
    expect(broken.status).toBe(200);
    const events = parseEventStream(await broken.text());
    expect(events.at(-1)).toMatchObject({ event: 'error' });
    expect(JSON.parse(events.at(-1)?.data ?? '{}')).toMatchObject({ error: { code: 502 } });
    model.behave('whole');
    const whole = await lastAnswer(
      await askSite(token, { question: 'Install when the model answers whole?' }),
    );
    expect(markdownOf(whole)).toContain('for the steps');
    model.behave('well');

    const failed = await org.reader.client.GET('/orgs/{organizationId}/sites/{siteId}/answers', {
      params: { path: at(), query: { answered: ['no'] } },
    });
    expect(failed.items.map((item) => [item.input.raw, item.failure !== undefined])).toEqual([
      ['Install when the model breaks?', true],
      ['Install when the model does refuse?', true],
      // Nothing in the documentation matched it: a gap, not a failure.
      ['What does it cost?', false],
    ]);
    expect(failed.items.slice(0, 2).map((item) => item.failure)).toEqual([
      expect.stringContaining('The model'),
      expect.stringContaining('500'),
    ]);
    const after = (
      await server.services.db.selectFrom('site_question_answer_sources').selectAll().execute()
    ).length;
    // Only the whole answer cited a page; the failed ones wrote no source.
    expect(after - before).toBe(1);
  });

  it('answers 502 when the model takes longer than its timeout', async () => {
    // A model that never answers: however busy the machine, only the timeout ends the wait.
    const slow = await startTestServer({ askEngine: { ...model.config, timeoutMs: 300 } });
    try {
      const staff = await createStaffedOrganization(slow);
      await createSpaceWithContent(staff, 'Guides', [
        { operation: 'insert_page', title: 'Install', document: { markdown: install } },
      ]);
      model.behave('hang');
      await expectApiError(
        staff.reader.client.POST('/orgs/{organizationId}/ask', {
          params: { path: { organizationId: staff.organizationId } },
          body: { query: 'How do I install it?' },
        }),
        502,
        /longer than 300 ms/,
      );
    } finally {
      model.behave('well');
      await slow.close();
    }
  });

  it('stops the model when the asker stops reading its answer', async () => {
    model.behave('endless');
    // A minute's budget: only the asker leaving can end this answer before the test's own limit.
    const engine = askEngine({ ...model.config, timeoutMs: 60_000 });
    const abandoned = model.nextAbandoned();
    const words = await engine.stream([{ role: 'user', content: 'Talk forever' }]);
    for await (const word of words) {
      expect(word).toBe('more ');
      break;
    }
    // The model's connection is closed at once, not left to run to its token budget.
    await abandoned;
    model.behave('well');
  });

  it('refuses bad input and outsiders, and limits questions per caller and per site', async () => {
    await expectApiError(
      org.reader.client.POST('/orgs/{organizationId}/ask', {
        params: { path: { organizationId: org.organizationId } },
        body: { query: '' },
      }),
      400,
    );
    await expectApiError(
      org.outsider.client.POST('/orgs/{organizationId}/ask', {
        params: { path: { organizationId: org.organizationId } },
        body: { query: 'install' },
      }),
      404,
    );
    await expectRefused(askSite(await readerToken(), { question: 'x'.repeat(513) }), 400);
    await expectApiError(
      org.outsider.client.GET('/orgs/{organizationId}/sites/{siteId}/questions', {
        params: { path: at() },
      }),
      404,
    );
    await expectApiError(
      org.reader.client.GET(
        '/orgs/{organizationId}/sites/{siteId}/answers/{siteQuestionAnswerId}',
        {
          params: { path: { ...at(), siteQuestionAnswerId: 'missing' } },
        },
      ),
      404,
    );

    const limited = await startTestServer({
      askEngine: model.config,
      rateLimits: {
        perMinute: 1000,
        searchPerMinute: 1000,
        signInPerMinute: 1000,
        askPerMinute: 2,
        askSitePerMinute: 1,
      },
    });
    try {
      const staff = await createStaffedOrganization(limited);
      const ask = () =>
        limited.fetch(
          new Request(`${testBaseUrl}/v1/orgs/${staff.organizationId}/ask`, {
            method: 'POST',
            headers: {
              Authorization: `Bearer ${staff.reader.token}`,
              'Content-Type': 'application/json',
            },
            body: JSON.stringify({ query: 'install' }),
          }),
        );
      expect((await ask()).headers.get('x-ratelimit-limit')).toBe('2');
      await ask();
      const refused = await ask();
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);

      // A site takes so many questions a minute, whoever asks them.
      const site = await staff.admin.client.POST('/orgs/{organizationId}/sites', {
        params: { path: { organizationId: staff.organizationId } },
        body: { title: 'Limited docs' },
      });
      const askTheSite = (user: TestUser) =>
        limited.fetch(
          new Request(`${testBaseUrl}/v1/orgs/${staff.organizationId}/sites/${site.id}/ask`, {
            method: 'POST',
            headers: { Authorization: `Bearer ${user.token}`, 'Content-Type': 'application/json' },
            body: JSON.stringify({ question: 'install', scope: { mode: 'all' } }),
          }),
        );
      expect((await askTheSite(staff.admin)).status).toBe(200);
      await expectRefused(askTheSite(staff.creator), 429);
    } finally {
      await limited.close();
    }
  });

  it('recommends the questions readers asked that were answered from what the caller may read', async () => {
    const response = await server.fetch(
      new Request(`${testBaseUrl}/v1/orgs/${org.organizationId}/sites/${siteId}/ask/questions`, {
        headers: { Authorization: `Bearer ${await readerToken()}` },
      }),
    );
    const questions = eventData<{ question: string }>(await response.text()).map(
      (event) => event.question,
    );
    expect(questions[0]).toBe('How do I install the beta?');
    expect(questions).toContain('How do I install it?');
    expect(questions.length).toBeLessThanOrEqual(5);
    const inOrganization = await guest.client.GET('/orgs/{organizationId}/ask/questions', {
      params: { path: { organizationId: org.organizationId } },
    });
    expect(inOrganization.questions[0]).toBe('How do I install the beta?');
  });

  it("keeps an agent's feedback for the site's owners, with the answer it names", async () => {
    const token = await readerToken();
    const answer = await lastAnswer(await askSite(token, { question: 'How do I install it?' }));
    const submit = (body: unknown) =>
      server.fetch(
        new Request(
          `${testBaseUrl}/v1/orgs/${org.organizationId}/sites/${siteId}/agents/feedback`,
          {
            method: 'POST',
            headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
            body: JSON.stringify(body),
          },
        ),
      );
    const feedback = {
      reportedBy: { model: 'some-model', correlationId: answer.id },
      subject: { kind: 'mcp-tool', toolName: 'ask' },
      feedback: { category: 'documentation', summary: 'The answer missed the Windows steps' },
    };
    const recorded = await submit(feedback);
    expect(recorded.status).toBe(201);
    expect(await recorded.json()).toMatchObject({
      id: expect.any(String),
      result: expect.stringContaining('with the answer'),
    });
    const rows = await server.services.db.selectFrom('site_agent_feedback').selectAll().execute();
    expect(rows).toEqual([
      expect.objectContaining({ site_id: siteId, answer_id: answer.id, category: 'documentation' }),
    ]);
    // Kept as validated: `onDemand` takes its default.
    expect(JSON.parse(rows[0]?.feedback ?? '{}')).toEqual({
      ...feedback,
      reportedBy: { ...feedback.reportedBy, onDemand: false },
    });
    await expectRefused(submit({ ...feedback, subject: { kind: 'telepathy' } }), 400);
    await expectRefused(
      submit({ ...feedback, feedback: { category: 'documentation', summary: '' } }),
      400,
    );
  });

  it('removes questions and answers older than the retention', async () => {
    const sweep = (await import('../src/store/site-questions.js')).deleteAnswersBefore;
    const removed = await sweep(server.services.db, '2999-01-01T00:00:00.000Z');
    expect(removed).toBeGreaterThan(0);
    for (const table of [
      'site_questions',
      'site_question_answers',
      'site_question_answer_sources',
    ] as const) {
      expect(await server.services.db.selectFrom(table).selectAll().execute()).toEqual([]);
    }
  });
});

/** Asserts that a raw call answered this error status, in the error shape. */
async function expectRefused(call: Promise<Response>, status: number): Promise<void> {
  const response = await call;
  expect(response.status).toBe(status);
  expect(await response.json()).toMatchObject({ error: { code: status } });
}

describe('ask, with embeddings', () => {
  let model: FakeModel;
  let server: TestServer;
  let org: StaffedOrganization;

  beforeAll(async () => {
    model = await startFakeModel();
    server = await startTestServer({ askEngine: model.config, embeddings: model.embeddings });
    org = await createStaffedOrganization(server);
  });
  afterAll(async () => {
    await server.close();
    await model.close();
  });

  const ask = (query: string) =>
    org.reader.client.POST('/orgs/{organizationId}/ask', {
      params: { path: { organizationId: org.organizationId } },
      body: { query },
    });

  it('embeds the sections of a head as a job, again only those an edit changed, and finds by similarity', async () => {
    const spaceId = await createSpaceWithContent(org, 'Guides', [
      { operation: 'insert_page', title: 'Install', document: { markdown: install } },
      {
        operation: 'insert_page',
        title: 'Pricing',
        document: { markdown: 'Every plan includes support.\n' },
      },
    ]);
    // Nothing is embedded while the job waits; the question is found by its words alone.
    expect(model.embedded).toEqual([]);
    await server.jobs.runDue();
    expect(model.embedded).toHaveLength(3);
    expect(model.embedded.some((text) => text.startsWith('Upgrading'))).toBe(true);

    // No word of this question is in the documentation; its meaning is, in the install page.
    const answer = await ask('What is the setup procedure?');
    expect(answer.answer?.sources.map((source) => source.space)).toEqual([spaceId]);
    expect(markdownOf(answer.answer)).toContain('[Install');
    expect(model.embedded.at(-1)).toBe('What is the setup procedure?');

    // An edit of one page's text embeds that section again, and nothing else.
    const pages = await org.admin.client.GET('/spaces/{spaceId}/content', {
      params: { path: { spaceId } },
    });
    const pricing = pages.pages.find((page) => page.title === 'Pricing');
    const changeRequest = await org.admin.client.POST('/spaces/{spaceId}/change-requests', {
      params: { path: { spaceId } },
      body: {},
    });
    const path = { spaceId, changeRequestId: changeRequest.id };
    await org.admin.client.POST('/spaces/{spaceId}/change-requests/{changeRequestId}/content', {
      params: { path },
      body: {
        changes: [
          {
            operation: 'update_page',
            page: pricing?.id ?? '',
            document: { markdown: 'Every plan includes support and updates.\n' },
          },
        ],
      },
    });
    await org.admin.client.POST('/spaces/{spaceId}/change-requests/{changeRequestId}/merge', {
      params: { path },
    });
    const before = model.embedded.length;
    await server.jobs.runDue();
    expect(model.embedded.slice(before)).toEqual(['Every plan includes support and updates.']);
    const stored = await server.services.db
      .selectFrom('section_embeddings')
      .select(['page_id', 'anchor'])
      .where('space_id', '=', spaceId)
      .execute();
    expect(stored).toHaveLength(3);
  });
});

function markdownOf(answer: Schemas['SearchAIAnswer'] | undefined): string {
  return answer?.answer !== undefined && 'markdown' in answer.answer ? answer.answer.markdown : '';
}
