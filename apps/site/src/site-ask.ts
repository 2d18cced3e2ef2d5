import { randomUUID } from 'node:crypto';
import type { components } from '@quire/contract';
import { markdownToDocument } from '@quire/document';
import { renderDocument } from '@quire/render';
import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import { answerHtml } from './html-answers.js';
import type { PageTrees } from './page-trees.js';
import { AskFailed, askSite, rateAnswer } from './published-reads.js';
import { allSiteSpaces, encodePath, findPage, siteSpaceBase } from './site-navigation.js';
import { framingOrigins, siteProps } from './site-props.js';
import { type AskAnswer, type Link, renderAskPage } from './views/index.js';
import { currentPages, type Visit } from './visit.js';

type SearchAIAnswer = components['schemas']['SearchAIAnswer'];

// A conversation's id as the form carries it: the one made here, or one like it.
const sessionPattern = /^[A-Za-z0-9-]{8,64}$/;
const questionLimit = 512;

/** Where the Ask page, its stream and its rating form are served. */
function askHrefs(visit: Visit) {
  const base = visit.content.basePath;
  return { askHref: `${base}~ask`, streamHref: `${base}~ask.stream`, rateHref: `${base}~ask.rate` };
}

/** What the reader asked, from the form's fields. */
function askedIn(c: Context) {
  const given = c.req.query('session') ?? '';
  const session = sessionPattern.test(given) ? given : randomUUID();
  return {
    question: (c.req.query('q') ?? '').trim().slice(0, questionLimit),
    previous: c.req.query('previous') || undefined,
    session,
  };
}

/**
 * The Ask page: the form, and for `?q=` the whole answer, written on the server so the page
 * works without a script. The site's API refusing (a model down, too many questions) is shown
 * as the page's alert, with the API's status.
 */
export async function askPage(c: Context, visit: Visit, trees: PageTrees) {
  const asked = askedIn(c);
  const opened = await currentPages(visit, trees);
  const site = siteProps(visit.site, visit.content, opened?.pages ?? [], undefined);
  c.header('Cache-Control', 'private, no-store');
  let answer: AskAnswer | undefined;
  let failure: string | undefined;
  let status: 200 | 429 | 502 = 200;
  if (asked.question !== '') {
    try {
      let last: SearchAIAnswer | undefined;
      for await (const draft of askSite(visit.reader, visit.content, askOf(asked))) last = draft;
      if (last !== undefined) answer = await shownAnswer(visit, trees, last, asked.session);
    } catch (error) {
      if (!(error instanceof AskFailed)) throw error;
      failure = error.message;
      status = error.status === 429 ? 429 : 502;
    }
  }
  const html = renderAskPage({
    site,
    question: asked.question,
    session: asked.session,
    ...askHrefs(visit),
    ...(answer === undefined ? {} : { answer }),
    ...(failure === undefined ? {} : { failure }),
    rated: c.req.query('rated') === '1',
  });
  return answerHtml(c, html, { framedBy: framingOrigins(visit.site, visit.content), status });
}

/**
 * The answer as it is written, for the Ask page's script: an event per draft with its HTML,
 * sources and follow-ups, then `done`; `failure` with the message when the site cannot answer.
 */
export function askStream(c: Context, visit: Visit, trees: PageTrees) {
  const asked = askedIn(c);
  c.header('Cache-Control', 'private, no-store');
  return streamSSE(c, async (stream) => {
    try {
      for await (const draft of askSite(visit.reader, visit.content, askOf(asked))) {
        if (stream.aborted) return;
        await stream.writeSSE({
          data: JSON.stringify(await shownAnswer(visit, trees, draft, asked.session)),
        });
      }
      await stream.writeSSE({ event: 'done', data: '{}' });
    } catch (error) {
      if (!(error instanceof AskFailed)) throw error;
      await stream.writeSSE({ event: 'failure', data: JSON.stringify({ message: error.message }) });
    }
  });
}

/** A reader's rating of an answer, from the rating form; back to the Ask page after. */
export async function rateAsked(c: Context, visit: Visit) {
  const form = await c.req.parseBody();
  const answerId = typeof form.answer === 'string' ? form.answer.slice(0, 64) : '';
  const value = form.rating === '1' ? 1 : form.rating === '-1' ? -1 : undefined;
  const session =
    typeof form.session === 'string' && sessionPattern.test(form.session)
      ? form.session
      : undefined;
  if (answerId === '' || value === undefined || session === undefined) {
    return c.text('A rating needs an answer, a session and a rating of 1 or -1', 400);
  }
  await rateAnswer(visit.reader, visit.content, {
    answerId,
    value,
    url: new URL(c.req.url).pathname,
    session: { visitorId: session, sessionId: session },
  });
  return c.redirect(`${askHrefs(visit).askHref}?rated=1&session=${session}`, 303);
}

function askOf(asked: ReturnType<typeof askedIn>) {
  return {
    question: asked.question,
    previous: asked.previous,
    session: { visitorId: asked.session, sessionId: asked.session },
  };
}

/**
 * An answer as the page shows it: its Markdown rendered (links to the site's pages made the
 * site's own paths), its sources as the pages they are, its follow-ups as links asking them.
 */
async function shownAnswer(
  visit: Visit,
  trees: PageTrees,
  answer: SearchAIAnswer,
  session: string,
): Promise<AskAnswer> {
  const { content } = visit;
  const markdown =
    answer.answer !== undefined && 'markdown' in answer.answer ? answer.answer.markdown : '';
  // The API links a site's pages under its own address for sites (`…/s/{siteId}/`).
  const ownPages = new RegExp(`https?://[^/\\s)]+/s/${content.site}/`, 'g');
  const document = markdownToDocument(markdown.replace(ownPages, content.siteBasePath));
  const { askHref } = askHrefs(visit);
  return {
    ...(answer.id === undefined ? {} : { id: answer.id }),
    html: (await renderDocument(document, {})).html,
    sources: await sourceLinks(visit, trees, answer.sources),
    followups: answer.followupQuestions.map((question) => ({
      title: question,
      href: `${askHref}?${new URLSearchParams({
        q: question,
        ...(answer.id === undefined ? {} : { previous: answer.id }),
        session,
      })}`,
    })),
  };
}

/** The pages an answer cites, each with its title and where the site serves it. */
async function sourceLinks(
  visit: Visit,
  trees: PageTrees,
  sources: SearchAIAnswer['sources'],
): Promise<Link[]> {
  const siteSpaces = allSiteSpaces(visit.site);
  const links: Link[] = [];
  for (const source of sources) {
    const siteSpace = siteSpaces.find((item) => item.space.id === source.space);
    if (siteSpace === undefined) continue;
    const pages = await trees.get(visit.reader, source.space, siteSpace.space.revision);
    const page = findPage(pages, (item) => item.id === source.page);
    if (page === undefined || !('path' in page)) continue;
    links.push({
      title: page.title,
      href: `${siteSpaceBase(visit.site, visit.content, siteSpace)}${encodePath(page.path)}`,
    });
  }
  return links;
}
