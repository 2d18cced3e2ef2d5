import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { OpenApiDocument } from '@quire/contract';
import type { Hono } from 'hono';
import type { AppEnv } from '../http/app-env.js';
import { authenticate, bearerToken } from '../http/authenticate.js';
import { methodNotAllowed } from '../http/http-errors.js';
import { requestBodyLimit } from '../http/request-body-limit.js';
import type { AppServices } from '../services/app-services.js';
import { type ApiFetch, quireMcpServers } from './mcp-server.js';

/** Where the organization's MCP server answers. */
export const mcpPath = '/mcp';

/**
 * Serves the MCP server at `/mcp` over Streamable HTTP, without sessions: each POST is answered
 * by a server made for its caller, whose API token (`Authorization: Bearer`) every tool call
 * carries to `api`, the app's own `fetch`. A request without a working API token is refused
 * with 401 before any tool runs.
 */
export function mountMcpEndpoint(
  app: Hono<AppEnv>,
  document: OpenApiDocument,
  services: AppServices,
  api: ApiFetch,
): void {
  const servers = quireMcpServers(document);
  const apiUrl = services.urls.api();
  const authentication = {
    db: services.db,
    readerTokenSecret: services.keys.pageTokenKey,
    clock: services.clock,
  };
  app.post(mcpPath, requestBodyLimit(services.requestBodyLimit), async (c) => {
    await authenticate(c, authentication, { readers: false });
    const server = servers.forCaller({ apiUrl, token: bearerToken(c) }, api);
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    await server.connect(transport);
    return transport.handleRequest(c.req.raw);
  });
  // Without sessions there is no stream to open or session to end.
  app.on(['GET', 'DELETE'], mcpPath, () => {
    throw methodNotAllowed(['POST']);
  });
}
