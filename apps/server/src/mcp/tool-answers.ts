import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { isRecord } from '../is-record.js';

const text = (value: string, isError = false): CallToolResult => ({
  content: [{ type: 'text', text: value }],
  ...(isError ? { isError: true } : {}),
});

/** A tool's refusal or failure, said to the agent as a tool error rather than a protocol one. */
export const toolError = (message: string): CallToolResult => text(message, true);

/**
 * What a tool call answers, made compact so an agent's context is not flooded: a page as its
 * Markdown under a short header; any other answer as one line of JSON without the parts an
 * agent has no use for (permissions, empty fields, every URL but where it opens). An API error
 * becomes a tool error carrying the API's own message.
 */
export async function toolAnswer(response: Response): Promise<CallToolResult> {
  const answer = await readAnswer(response);
  if ('error' in answer) return toolError(answer.error);
  if (answer.body === undefined) return text(`Done (${response.status}).`);
  if (isPage(answer.body)) return text(pageMarkdown(answer.body));
  return text(JSON.stringify(trimmed(answer.body)));
}

/** The page an answer carries, as `toolAnswer` writes it, or the API's error. */
export async function pageMarkdownOf(response: Response): Promise<string | { error: string }> {
  const answer = await readAnswer(response);
  if ('error' in answer) return answer;
  return isPage(answer.body) ? pageMarkdown(answer.body) : { error: 'The answer is not a page' };
}

async function readAnswer(response: Response): Promise<{ body: unknown } | { error: string }> {
  const raw = await response.text();
  const body = raw === '' ? undefined : parseJson(raw);
  if (response.ok) return { body };
  const message =
    isRecord(body) && isRecord(body.error) && typeof body.error.message === 'string'
      ? body.error.message
      : raw || response.statusText;
  return { error: `${response.status}: ${message}` };
}

interface PageWithMarkdown {
  id: string;
  title: string;
  path?: string;
  description?: string;
  markdown: string;
}

function isPage(body: unknown): body is PageWithMarkdown {
  return (
    isRecord(body) &&
    typeof body.id === 'string' &&
    typeof body.title === 'string' &&
    typeof body.markdown === 'string'
  );
}

/** A page as an agent reads it: the ids it needs to act on the page, then its title and body. */
function pageMarkdown(page: PageWithMarkdown): string {
  const header = [`id: ${page.id}`];
  if (page.path !== undefined) header.push(`path: ${page.path}`);
  if (page.description) header.push(`description: ${JSON.stringify(page.description)}`);
  return `---\n${header.join('\n')}\n---\n\n# ${page.title}\n\n${page.markdown}`;
}

// Where a person opens the thing in the app, and where readers read a published site.
const keptUrls = new Set(['app', 'published']);

function trimmed(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(trimmed);
  if (!isRecord(value)) return value;
  const kept: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (item === null || item === undefined || key === 'permissions') continue;
    if (key === 'urls' && isRecord(item)) {
      const urls = Object.entries(item).filter(([name]) => keptUrls.has(name));
      if (urls.length > 0) kept.urls = Object.fromEntries(urls);
      continue;
    }
    kept[key] = trimmed(item);
  }
  return kept;
}

function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}
