import { McpError, type ReadResourceResult } from '@modelcontextprotocol/sdk/types.js';
import type { OpenApiDocument } from '@quire/contract';
import { type ContractTool, contractTools } from './contract-tools.js';
import { pageMarkdownOf } from './tool-answers.js';
import { type ApiTarget, toolRequest } from './tool-requests.js';

/** The resource template of pages: an agent client can attach a page to a conversation. */
export const pageResourceTemplate = {
  uriTemplate: 'quire://spaces/{spaceId}/pages/{pageId}',
  name: 'page',
  title: 'A page of a space',
  description: 'The page at the head of the space, as Markdown.',
  mimeType: 'text/markdown',
} as const;

const pageUri = /^quire:\/\/spaces\/([^/]+)\/pages\/([^/]+)$/;
// JSON-RPC error code the MCP specification gives to a resource that does not exist.
const resourceNotFound = -32002;

/** Reads page resources through `getPageById`, as the caller. */
export function pageResources(document: OpenApiDocument) {
  const [pageRead] = contractTools(document, [
    { operationId: 'getPageById', fixed: { format: 'markdown' } },
  ]) as [ContractTool];
  return {
    async read(
      uri: string,
      target: ApiTarget,
      fetch: (request: Request) => Promise<Response>,
    ): Promise<ReadResourceResult> {
      const [, spaceId, pageId] = pageUri.exec(uri) ?? [];
      if (spaceId === undefined || pageId === undefined) {
        throw new McpError(
          resourceNotFound,
          `No resource ${uri}: pages are ${pageResourceTemplate.uriTemplate}`,
        );
      }
      const args = { spaceId: decodeURIComponent(spaceId), pageId: decodeURIComponent(pageId) };
      const response = await fetch(toolRequest(pageRead, args, target));
      const markdown = await pageMarkdownOf(response);
      if (typeof markdown !== 'string') throw new McpError(resourceNotFound, markdown.error);
      return { contents: [{ uri, mimeType: 'text/markdown', text: markdown }] };
    },
  };
}
