import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { z } from 'zod';
import {
  type ApiAccess,
  AskFailed,
  askSite,
  readPage,
  resolveUrl,
  type Visitor,
} from './published-reads.js';
import { currentSiteSpace } from './site-navigation.js';
import { searchResults } from './site-search.js';
import type { Visit } from './visit.js';

/** Where a site's MCP server answers, under the site's root (GitBook's path). */
export const mcpPath = '~gitbook/mcp';

/** What the MCP server needs to open other pages of the site as the same visitor. */
export interface McpContext {
  api: ApiAccess;
  visitor: Visitor;
  /** The reader's URL, with the credentials (share key, claims) it carried. */
  url: URL;
}

const text = (value: string) => ({ content: [{ type: 'text' as const, text: value }] });

/**
 * The site's read-only MCP server, over Streamable HTTP without sessions: a server per request,
 * whose tools search the site, answer a question from it and read a page as Markdown, under the
 * same access rules as a browser (the visitor's share key, token and claims open exactly what
 * they open in a browser).
 */
export async function answerMcp(request: Request, visit: Visit, context: McpContext) {
  const server = new McpServer({ name: visit.site.site.title, version: '1.0.0' });
  const absolute = (path: string) => new URL(path, visit.content.canonicalUrl).toString();

  server.registerTool(
    'searchDocumentation',
    {
      title: `Search ${visit.site.site.title}`,
      description: `Searches the pages of ${visit.site.site.title}; answers each match with its title, URL and an excerpt. Read a page whole with readPage.`,
      inputSchema: { query: z.string().min(1).max(512) },
      annotations: { readOnlyHint: true },
    },
    async ({ query }) => {
      const results = await searchResults(visit, query);
      if (results.length === 0) return text(`No page matches "${query}".`);
      return text(
        results
          .map((result) =>
            [`## ${result.title}`, absolute(result.href), result.excerpt ?? ''].join('\n').trim(),
          )
          .join('\n\n'),
      );
    },
  );

  server.registerTool(
    'readPage',
    {
      title: 'Read a page',
      description: `Reads a page of ${visit.site.site.title} as Markdown, by its URL (as searchDocumentation answers it) or its path in the site.`,
      inputSchema: { url: z.string().min(1).max(2048) },
      annotations: { readOnlyHint: true },
    },
    async ({ url }) => {
      const markdown = await pageMarkdown(url, visit, context);
      return markdown === undefined
        ? { ...text(`No page at ${url}.`), isError: true }
        : text(markdown);
    },
  );

  server.registerTool(
    'ask',
    {
      title: `Ask ${visit.site.site.title}`,
      description: `Answers a question about ${visit.site.site.title} from its pages, citing them by URL. Read a cited page whole with readPage.`,
      inputSchema: { question: z.string().min(1).max(512) },
      annotations: { readOnlyHint: true },
    },
    async ({ question }) => {
      try {
        const last = await lastAnswer(askSite(visit.reader, visit.content, { question }));
        const markdown =
          last?.answer !== undefined && 'markdown' in last.answer ? last.answer.markdown : '';
        return text(markdown === '' ? `No answer to "${question}".` : markdown);
      } catch (error) {
        if (!(error instanceof AskFailed)) throw error;
        return { ...text(error.message), isError: true };
      }
    },
  );

  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  await server.connect(transport);
  return transport.handleRequest(request);
}

/** The Markdown of the page a URL or site path names, resolved as this visitor would open it. */
async function pageMarkdown(
  location: string,
  visit: Visit,
  context: McpContext,
): Promise<string | undefined> {
  let target: URL;
  try {
    target = new URL(location, new URL(visit.content.siteBasePath, context.url));
  } catch {
    return undefined;
  }
  // The page opens with the credentials the MCP server was reached with, and only on this site.
  if (target.host !== context.url.host) return undefined;
  for (const [name, value] of context.url.searchParams) target.searchParams.set(name, value);
  target.pathname = target.pathname.replace(/\.md$/, '');
  const resolution = await resolveUrl(context.api, target.toString(), context.visitor);
  if (resolution.kind !== 'content' || resolution.content.site !== visit.content.site) {
    return undefined;
  }
  const { content, reader } = resolution;
  const siteSpace = currentSiteSpace(visit.site, content);
  if (siteSpace === undefined || content.pathname === '') return undefined;
  const page = await readPage(
    reader,
    { spaceId: content.space, revisionId: siteSpace.space.revision, pagePath: content.pathname },
    'markdown',
  );
  if (page === undefined || !('markdown' in page) || typeof page.markdown !== 'string') {
    return undefined;
  }
  return `# ${page.title}\n\n${page.markdown}`;
}

/** The last of a streamed answer's drafts: the whole answer. */
async function lastAnswer<T>(drafts: AsyncIterable<T>): Promise<T | undefined> {
  let last: T | undefined;
  for await (const draft of drafts) last = draft;
  return last;
}
