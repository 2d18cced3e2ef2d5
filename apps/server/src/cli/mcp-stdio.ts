import { existsSync } from 'node:fs';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { loadOpenApiDocument } from '@quire/contract';
import { loadConfig } from '../config.js';
import { publicUrlForTools } from '../domain/instance/public-url.js';
import { invalid } from '../errors.js';
import { quireMcpServers } from '../mcp/mcp-server.js';
import { openDatabase } from '../store/database/dialect.js';

/**
 * `quire mcp`: the MCP server over stdio, for agents that start their tools as processes. It
 * calls a running Quire over HTTP as the owner of `QUIRE_TOKEN` (or `--token`): at
 * `QUIRE_API_URL`, else at the URL the server last started with. The token is checked before
 * the first message, so a wrong one is said at once rather than on every tool call.
 */
export async function serveMcpOverStdio(
  flags: { token?: string | undefined },
  env: NodeJS.ProcessEnv,
): Promise<void> {
  const token = (flags.token ?? env.QUIRE_TOKEN ?? '').trim();
  if (token === '') throw invalid('quire mcp needs an API token: set QUIRE_TOKEN');
  const apiUrl = new URL('v1/', withSlash(env.QUIRE_API_URL ?? (await serverUrl(env)))).href;

  const check = await fetch(new URL('user', apiUrl), {
    headers: { authorization: `Bearer ${token}` },
  }).catch((error: unknown) => {
    throw invalid(`No Quire answers at ${apiUrl} (${String(error)}); set QUIRE_API_URL`);
  });
  if (!check.ok) {
    throw invalid(`${apiUrl} refuses QUIRE_TOKEN (${check.status}): ${await check.text()}`);
  }

  const server = quireMcpServers(loadOpenApiDocument()).forCaller({ apiUrl, token }, (request) =>
    fetch(request),
  );
  await server.connect(new StdioServerTransport());
}

/**
 * The URL the server last started with, read from its database; run where no server ever ran
 * (no SQLite file, an empty database), it says to set QUIRE_API_URL instead of making a database.
 */
async function serverUrl(env: NodeJS.ProcessEnv): Promise<string> {
  const config = loadConfig(env);
  const noServer = (why: string) =>
    invalid(`quire mcp needs QUIRE_API_URL (the URL of a running Quire): ${why}`);
  const file = config.databaseUrl.startsWith('sqlite:')
    ? config.databaseUrl.slice('sqlite:'.length)
    : undefined;
  if (file !== undefined && !existsSync(file)) {
    throw noServer(`no Quire database at ${file} to read its URL from`);
  }
  const { db } = openDatabase(config.databaseUrl);
  try {
    return await publicUrlForTools(db, config, env);
  } catch (error) {
    throw noServer(`its URL could not be read from DATABASE_URL (${String(error)})`);
  } finally {
    await db.destroy();
  }
}

function withSlash(url: string): string {
  return url.endsWith('/') ? url : `${url}/`;
}
