import { Server } from 'node:http';
import { serve } from '@hono/node-server';
import type { Hono } from 'hono';
import type { Logger } from 'pino';
import type { AppEnv } from './app-env.js';
import { answerClientError } from './client-errors.js';

/**
 * Serves the app over HTTP/1.1 on `port` and `host`, answering requests the parser refuses in
 * the error shape too. `onListening` gets the port, which is the one picked when `port` is 0.
 * @example const server = listen(app, { port: 0, host: '127.0.0.1' }, logger, (port) => …);
 */
export function listen(
  app: Hono<AppEnv>,
  { port, host }: { port: number; host: string },
  logger: Logger,
  onListening: (info: { address: string; port: number }) => void,
): Server {
  const server = serve({ fetch: app.fetch, port, hostname: host }, onListening);
  // serve() makes an HTTP/1.1 server unless given another createServer.
  if (!(server instanceof Server)) throw new Error('Expected an HTTP/1.1 server');
  server.on('clientError', answerClientError(logger));
  return server;
}
