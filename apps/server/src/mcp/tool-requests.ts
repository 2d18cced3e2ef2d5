import { isRecord } from '../is-record.js';
import type { ContractTool } from './contract-tools.js';

/** Where a tool's requests go, and as whom. */
export interface ApiTarget {
  /** The API's base URL, ending in `/v1/`. */
  apiUrl: string;
  /** The caller's API token, sent as the bearer of every request. */
  token: string;
}

/** Arguments that cannot make a request at all: said back to the agent as a tool error. */
export class ToolArgumentError extends Error {}

/**
 * The API request a tool call makes: its path and query parameters in the URL, `body` as the
 * JSON body. Values are sent as the agent gave them: checking them is the API's job, so a tool
 * call hears the same answer, and the same message, as an HTTP client.
 */
export function toolRequest(tool: ContractTool, args: unknown, target: ApiTarget): Request {
  const given = args ?? {};
  if (!isRecord(given)) throw new ToolArgumentError('Arguments must be an object');
  const known = new Set(Object.keys(tool.inputSchema.properties as object));
  const unknown = Object.keys(given).filter((name) => !known.has(name));
  if (unknown.length > 0) {
    throw new ToolArgumentError(
      `Unknown argument ${unknown.join(', ')}; ${tool.name} takes ${[...known].join(', ') || 'none'}`,
    );
  }

  let path = tool.route.specPath;
  const url = new URL(target.apiUrl);
  for (const parameter of tool.route.parameters) {
    const value =
      parameter.in === 'query'
        ? (tool.fixed[parameter.name] ?? given[parameter.name])
        : given[parameter.name];
    if (parameter.in === 'path') {
      if (!isScalar(value) || String(value) === '') {
        throw new ToolArgumentError(`${parameter.name} is required`);
      }
      const segments = parameter.restOfPath ? String(value).split('/') : [String(value)];
      path = path.replace(`{${parameter.name}}`, segments.map(encodeURIComponent).join('/'));
    } else if (value !== undefined) {
      for (const item of Array.isArray(value) ? value : [value]) {
        url.searchParams.append(
          parameter.name,
          isScalar(item) ? String(item) : JSON.stringify(item),
        );
      }
    }
  }
  url.pathname = `${url.pathname.replace(/\/$/, '')}${path}`.replace(/\/$/, '');

  // Fetch writes GET, POST, PUT and DELETE in capitals itself, but sends `patch` as it is.
  const method = tool.route.method.toUpperCase();
  const headers = new Headers({
    authorization: `Bearer ${target.token}`,
    accept: 'application/json',
  });
  if (given.body === undefined) return new Request(url, { method, headers });
  headers.set('content-type', 'application/json');
  return new Request(url, {
    method,
    headers,
    body: JSON.stringify(given.body),
  });
}

function isScalar(value: unknown): value is string | number | boolean {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}
