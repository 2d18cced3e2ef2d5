import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import type { OpenApiDocument } from '@quire/contract';
import { serverVersion } from '../version.js';
import { contractTools } from './contract-tools.js';
import { pageResources, pageResourceTemplate } from './page-resources.js';
import { toolAnswer, toolError } from './tool-answers.js';
import { type ApiTarget, ToolArgumentError, toolRequest } from './tool-requests.js';

/** Sends one API request: the app's own `fetch` in process, the network from the CLI. */
export type ApiFetch = (request: Request) => Promise<Response>;

const instructions = `Quire's API, as tools named by their operationIds. Find your way with \
listOrganizationsForAuthenticatedUser, listSpacesInOrganizationById, listSites and the search tools; \
read pages as Markdown with getPageById or getPageByPath. Content changes go through a change request: \
createChangeRequest, then updateChangeRequestContent with a batch of changes, then \
getChangeRequestChanges and getChangeRequestDiff to check them, submitChangeRequestReview and mergeChangeRequest. You can do \
exactly what your API token can do; a refusal comes back as a tool error with the API's message.`;

/**
 * Makes the MCP server's handlers once for the contract; `forCaller` then gives a server whose
 * tools call the API as that caller. Each tool call is one API request, through the same
 * authentication, validation, authorization, events and audit as any client's.
 */
export function quireMcpServers(document: OpenApiDocument) {
  const tools = contractTools(document);
  const toolsByName = new Map(tools.map((tool) => [tool.name, tool]));
  const pages = pageResources(document);
  const listed = tools.map(({ name, title, description, inputSchema, annotations }) => ({
    name,
    title,
    description,
    inputSchema: inputSchema as { type: 'object' },
    annotations,
  }));

  return {
    forCaller(target: ApiTarget, fetch: ApiFetch): Server {
      const server = new Server(
        { name: 'quire', title: 'Quire', version: serverVersion.version },
        { capabilities: { tools: {}, resources: {} }, instructions },
      );
      server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: listed }));
      server.setRequestHandler(CallToolRequestSchema, async ({ params }) => {
        const tool = toolsByName.get(params.name);
        if (tool === undefined) return toolError(`Unknown tool ${params.name}`);
        let request: Request;
        try {
          request = toolRequest(tool, params.arguments, target);
        } catch (error) {
          if (error instanceof ToolArgumentError) return toolError(`400: ${error.message}`);
          throw error;
        }
        try {
          return await toolAnswer(await fetch(request));
        } catch (error) {
          // Reached only from the CLI, when the server it calls does not answer.
          return toolError(
            `Quire did not answer: ${error instanceof Error ? error.message : error}`,
          );
        }
      });
      server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({
        resourceTemplates: [pageResourceTemplate],
      }));
      // Pages are reached by their template; listing every page of every space would flood.
      server.setRequestHandler(ListResourcesRequestSchema, () => ({ resources: [] }));
      server.setRequestHandler(ReadResourceRequestSchema, ({ params }) =>
        pages.read(params.uri, target, fetch),
      );
      return server;
    },
  };
}
