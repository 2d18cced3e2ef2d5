import { createQuireClient, paginate, QuireApiError, type QuireClient } from '@quire/client';
import type { components } from '@quire/contract';
import { EventSourceParserStream } from 'eventsource-parser/stream';

type Schemas = components['schemas'];
export type SiteContent = Schemas['PublishedSiteContent'];
export type PublishedSite = Schemas['PublishedContentSite'];
export type RevisionPage = Schemas['RevisionPage'];
export type SiteSpace = Schemas['SiteSpace'];
export type SiteSection = Schemas['SiteSection'];

/** Where the Quire API answers, and how to reach it (in process, the server's own `fetch`). */
export interface ApiAccess {
  baseUrl: string;
  fetch?: (request: Request) => Promise<Response>;
}

/** Who is reading: what the reader's browser carries besides the URL. */
export interface Visitor {
  jwtToken?: string;
  type?: 'human' | 'agent';
}

const anonymousClients = new WeakMap<ApiAccess, QuireClient>();

/** The client that resolves URLs, without a token: one per API, made on first use. */
function anonymousClientOf(api: ApiAccess): QuireClient {
  let client = anonymousClients.get(api);
  if (client === undefined) {
    client = createQuireClient(api);
    anonymousClients.set(api, client);
  }
  return client;
}

/** What a URL resolves to: site content to read, somewhere else to go, or nothing. */
export type Resolution =
  | { kind: 'content'; content: SiteContent; reader: QuireClient }
  | {
      kind: 'redirect';
      location: string;
      /** 308 or 307 for a site redirect (`site` when it leaves the site), 302 otherwise. */
      status: 302 | 307 | 308;
      /** A site redirect to other content of the site. */
      inSite: boolean;
    }
  | { kind: 'none' };

/**
 * Asks the API what a reader's URL points at (`resolvePublishedContentByUrl`), and makes the
 * client that reads it with the short-lived token the answer carries: the site reads only what
 * the API lets this visitor read.
 */
export async function resolveUrl(
  api: ApiAccess,
  url: string,
  visitor: Visitor,
): Promise<Resolution> {
  const anonymous = anonymousClientOf(api);
  try {
    const lookup = await anonymous.POST('/urls/published', {
      body: {
        url,
        ...(visitor.jwtToken === undefined && visitor.type === undefined ? {} : { visitor }),
        redirectOnError: true,
      },
    });
    if (!('apiToken' in lookup)) {
      const siteRedirect = lookup.permanent !== undefined;
      return {
        kind: 'redirect',
        location: lookup.redirect,
        status: !siteRedirect ? 302 : lookup.permanent === true ? 308 : 307,
        inSite: siteRedirect && lookup.target === 'content',
      };
    }
    return {
      kind: 'content',
      content: lookup,
      reader: createQuireClient({ ...api, token: lookup.apiToken }),
    };
  } catch (error) {
    if (error instanceof QuireApiError && (error.status === 404 || error.status === 400)) {
      return { kind: 'none' };
    }
    throw error;
  }
}

/** The site's published profile, as this reader sees it. */
export async function readPublishedSite(
  reader: QuireClient,
  content: SiteContent,
): Promise<PublishedSite> {
  const site: unknown = await reader.GET('/orgs/{organizationId}/sites/{siteId}/published', {
    params: {
      path: { organizationId: content.organization, siteId: content.site },
      query: content.shareKey === undefined ? {} : { shareKey: content.shareKey },
    },
  });
  // openapi-fetch's response type loses the header links' item shape inside the customization's
  // `allOf`; the body is the contract's `PublishedContentSite`, which the server checks it against.
  return site as PublishedSite;
}

/** The page tree of a revision. */
export async function readPageTree(
  reader: QuireClient,
  spaceId: string,
  revisionId: string,
): Promise<RevisionPage[]> {
  const { pages } = await reader.GET('/spaces/{spaceId}/revisions/{revisionId}/pages', {
    params: { path: { spaceId, revisionId } },
  });
  return pages;
}

/**
 * A page of a revision with its body, as a document or as Markdown; `undefined` when absent.
 * Markdown comes with the reusable content it includes in place: readers of a site's Markdown
 * have no `.gitbook/includes/` files to follow; documents keep their blocks, which the renderer
 * fills in.
 */
export async function readPage(
  reader: QuireClient,
  place: { spaceId: string; revisionId: string; pagePath: string },
  format: 'document' | 'markdown',
): Promise<RevisionPage | undefined> {
  try {
    return await reader.GET('/spaces/{spaceId}/revisions/{revisionId}/path/{pagePath}', {
      params: {
        path: place,
        query: {
          format,
          evaluated: true,
          ...(format === 'markdown' ? { dereferenced: true } : {}),
        },
      },
    });
  } catch (error) {
    if (error instanceof QuireApiError && error.status === 404) return undefined;
    throw error;
  }
}

/** The canonical and alternate links of a page of a revision (`listRevisionPageMetaLinks`). */
export async function readPageMetaLinks(
  reader: QuireClient,
  place: { spaceId: string; revisionId: string; pageId: string },
): Promise<Schemas['RevisionPageMetaLinks']> {
  return reader.GET('/spaces/{spaceId}/revisions/{revisionId}/page/{pageId}/meta-links', {
    params: { path: place },
  });
}

/** Where each file of a revision is downloaded, by its name. */
export async function readFileUrls(
  reader: QuireClient,
  spaceId: string,
  revisionId: string,
): Promise<Map<string, string>> {
  const urls = new Map<string, string>();
  const files = paginate((page) =>
    reader.GET('/spaces/{spaceId}/revisions/{revisionId}/files', {
      params: {
        path: { spaceId, revisionId },
        query: { limit: 100, ...(page === undefined ? {} : { page }) },
      },
    }),
  );
  for await (const file of files) urls.set(file.name, file.downloadURL);
  return urls;
}

/** The variables of a revision of a space, by name: what its expressions in text show. */
export async function readVariables(
  reader: QuireClient,
  spaceId: string,
  revisionId: string,
): Promise<Record<string, string>> {
  return reader.GET('/spaces/{spaceId}/revisions/{revisionId}/variables', {
    params: { path: { spaceId, revisionId } },
  });
}

/** The site's search, as this reader sees the site. */
export async function searchSite(reader: QuireClient, content: SiteContent, query: string) {
  const found = await reader.POST('/orgs/{organizationId}/sites/{siteId}/search', {
    params: { path: { organizationId: content.organization, siteId: content.site } },
    body: { query, scope: { mode: 'all' } },
  });
  return found.items;
}

/** A question to the site, from a reader: the answer it follows, and their browser's ids. */
export interface SiteQuestion {
  question: string;
  previous?: string | undefined;
  session?: { visitorId: string; sessionId: string } | undefined;
}

/** The site could not answer: the API's status and its words. */
export class AskFailed extends Error {
  override readonly name = 'AskFailed';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The site's answer to a reader's question as the API streams it (`streamAskInSite`): each
 * value the whole answer so far, as Markdown. A refusal (400, 429, a model's 502) throws
 * {@link AskFailed} before the first; a failure after that ends the stream with one.
 */
export async function* askSite(
  reader: QuireClient,
  content: SiteContent,
  asked: SiteQuestion,
): AsyncIterable<Schemas['SearchAIAnswer']> {
  const { response } = await reader.raw.POST('/orgs/{organizationId}/sites/{siteId}/ask', {
    params: { path: { organizationId: content.organization, siteId: content.site } },
    body: {
      question: asked.question,
      scope: { mode: 'all' },
      ...(asked.session === undefined ? {} : { session: asked.session }),
      ...(asked.previous === undefined ? {} : { thread: { previous: asked.previous } }),
    },
    parseAs: 'stream',
  });
  if (!response.ok || response.body === null) {
    const body = (await response.json().catch(() => undefined)) as
      | { error?: { message?: string } }
      | undefined;
    throw new AskFailed(
      response.status,
      body?.error?.message ?? `The API answered ${response.status}`,
    );
  }
  const events = response.body
    .pipeThrough(new TextDecoderStream())
    .pipeThrough(new EventSourceParserStream());
  for await (const event of events) {
    if (event.event === 'done') return;
    const data = JSON.parse(event.data) as
      | Schemas['SearchAIAnswerStream']
      | { error: { code: number; message: string } };
    if ('error' in data) throw new AskFailed(data.error.code, data.error.message);
    yield data.answer;
  }
}

/** Records a reader's rating of an answer (`ask_rate_response`), for the site's owners. */
export async function rateAnswer(
  reader: QuireClient,
  content: SiteContent,
  rating: {
    answerId: string;
    value: 1 | -1;
    url: string;
    session: { visitorId: string; sessionId: string };
  },
): Promise<void> {
  await reader.POST('/orgs/{organizationId}/sites/{siteId}/insights/events', {
    params: { path: { organizationId: content.organization, siteId: content.site } },
    body: {
      events: [
        {
          type: 'ask_rate_response',
          location: { url: rating.url, displayContext: 'site' },
          session: rating.session,
          rating: rating.value,
          responseId: rating.answerId,
        },
      ],
    },
  });
}
