import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { getRequestListener } from '@hono/node-server';
import type { Hono } from 'hono';
import type { Logger } from 'pino';
import type { AppEnv } from './app-env.js';
import { answerClientError } from './client-errors.js';

/** Takes a request to upgrade the connection (a WebSocket); false when it is not its own. */
export type UpgradeHandler = (request: IncomingMessage, socket: Duplex, head: Buffer) => boolean;

/**
 * Serves the app over HTTP/1.1 on `port` and `host`, answering requests the parser refuses, and
 * those whose `Host` header or URL makes no URL, in the error shape too. `onListening` gets the
 * port, which is the one picked when `port` is 0. Upgrade requests go to `upgrade` (the
 * collaboration endpoint); one it does not take is refused.
 * @example const server = listen(app, { port: 0, host: '127.0.0.1' }, logger, (port) => …);
 */
export function listen(
  app: Hono<AppEnv>,
  { port, host }: { port: number; host: string },
  logger: Logger,
  onListening: (info: { address: string; port: number }) => void,
  upgrade?: UpgradeHandler,
): Server {
  const listener = getRequestListener(app.fetch, {
    hostname: host,
    errorHandler: (error) => unreadableRequest(error, logger),
  });
  const server = createServer(listener);
  server.on('clientError', answerClientError(logger));
  if (upgrade !== undefined) acceptUpgrades(server, upgrade);
  server.listen(port, host, () => onListening(server.address() as AddressInfo));
  return server;
}

/** Hands upgrade requests to `upgrade`; any it does not take is a 404 and the socket closed. */
export function acceptUpgrades(server: Server, upgrade: UpgradeHandler): void {
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (upgrade(request, socket, head)) return;
    socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
  });
}

/**
 * The answer to a request the adapter could not turn into a URL (a `Host` header that is not a
 * host, a backslash in the path): a 400 in the error shape, logged like the parser's refusals.
 */
function unreadableRequest(error: unknown, logger: Logger): Response {
  const requestId = randomUUID();
  const reason = error instanceof Error ? error.message : String(error);
  logger.info({ requestId, status: 400, reason }, 'refused a request whose URL cannot be read');
  return Response.json(
    { error: { code: 400, message: `The request's Host header or URL is not valid: ${reason}` } },
    {
      status: 400,
      headers: {
        'X-Request-Id': requestId,
        'X-Content-Type-Options': 'nosniff',
        'Cache-Control': 'no-store',
      },
    },
  );
}
