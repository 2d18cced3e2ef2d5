import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { OpenApiDocument } from '@quire/contract';
import type { Hono } from 'hono';
import type { AppEnv } from '../http/app-env.js';
import { authenticate, bearerToken } from '../http/authenticate.js';
import { methodNotAllowed } from '../http/http-errors.js';
import { requestBodyLimit } from '../http/request-body-limit.js';
import { isRecord } from '../is-record.js';
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
  app.post(mcpPath, requestBodyLimit(services.requestBodyLimit), async (c) => {
    await authenticate(c, services, { readers: false });
    const server = servers.forCaller({ apiUrl, token: bearerToken(c) }, api);
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    const body = await c.req.text();
    const refused = invalidToolCalls(body);
    if (refused !== undefined) return c.json(refused);
    await server.connect(transport);
    return transport.handleRequest(
      new Request(c.req.url, { method: 'POST', headers: c.req.raw.headers, body }),
    );
  });
  // Without sessions there is no stream to open or session to end.
  app.on(['GET', 'DELETE'], mcpPath, () => {
    throw methodNotAllowed(['POST']);
  });
}

/**
 * JSON-RPC's answer to tool calls whose parameters are not what the protocol says (`arguments`
 * that is not an object): -32602, invalid params, as the protocol asks. The SDK would reject them
 * while parsing, before any handler runs, as an internal error (-32603).
 */
function invalidToolCalls(body: string): unknown {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return undefined;
  }
  const messages = Array.isArray(parsed) ? parsed : [parsed];
  const answers = messages.flatMap((message: unknown) => {
    if (!isRecord(message) || message.method !== 'tools/call' || !isRecord(message.params)) {
      return [];
    }
    const { arguments: args } = message.params;
    if (args === undefined || isRecord(args)) return [];
    return [
      {
        jsonrpc: '2.0',
        id: message.id ?? null,
        error: { code: -32602, message: 'Invalid params: params.arguments must be an object' },
      },
    ];
  });
  if (answers.length === 0) return undefined;
  return Array.isArray(parsed) ? answers : answers[0];
}
