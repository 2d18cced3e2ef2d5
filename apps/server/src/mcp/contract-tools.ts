import type { OpenApiDocument } from '@quire/contract';
import { type JsonSchema, type OperationRoute, operationRoutes } from '../http/operations.js';
import { toolInputSchema } from './tool-input-schema.js';
import { type ToolChoice, toolChoices } from './tool-list.js';

/** An operation of the contract as an MCP tool. */
export interface ContractTool {
  /** The operationId. */
  name: string;
  title: string;
  description: string;
  inputSchema: JsonSchema;
  annotations: {
    readOnlyHint: boolean;
    destructiveHint: boolean;
    idempotentHint: boolean;
    openWorldHint: false;
  };
  route: OperationRoute;
  /** Query parameters sent on every call. */
  fixed: Readonly<Record<string, string>>;
}

/**
 * The tools of the curated list, made from the contract: name, description and input from the
 * operation. A listed operation the contract no longer has stops the server at start-up (and
 * fails CI), as does a parameter the tool fixes that the operation does not take.
 * @example contractTools(loadOpenApiDocument()).map((tool) => tool.name);
 */
export function contractTools(
  document: OpenApiDocument,
  choices: readonly ToolChoice[] = toolChoices,
): ContractTool[] {
  const routes = new Map(operationRoutes(document).map((route) => [route.operationId, route]));
  return choices.map(({ operationId, fixed = {} }) => {
    const route = routes.get(operationId);
    if (route === undefined) {
      throw new Error(`The MCP tool ${operationId} names an operation the contract does not have`);
    }
    for (const name of Object.keys(fixed)) {
      if (
        !route.parameters.some((parameter) => parameter.in === 'query' && parameter.name === name)
      )
        throw new Error(`The MCP tool ${operationId} fixes ${name}, which it does not take`);
    }
    const summary = route.summary ?? operationId;
    return {
      name: operationId,
      title: summary,
      description: [summary, route.description].filter(Boolean).join('. '),
      inputSchema: toolInputSchema(document, route, new Set(Object.keys(fixed))),
      annotations: {
        readOnlyHint: route.method === 'get' || route.readsOnly,
        destructiveHint: route.method === 'delete',
        idempotentHint: route.method !== 'post' || route.readsOnly,
        // Every tool acts on this Quire's own data, never on the world outside it.
        openWorldHint: false,
      },
      route,
      fixed,
    };
  });
}
