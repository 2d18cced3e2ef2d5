import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a receiver got. */
export interface ReceivedRequest {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A webhook receiver on loopback, answering with the statuses the test chooses. */
export interface WebhookReceiver {
  url: string;
  received: ReceivedRequest[];
  /** The statuses of the next answers, in order; once used up, `fallback`. */
  answer(...statuses: number[]): void;
  /** The status given when no planned one is left. */
  fallback: number;
  /** Holds every answer (the requests are recorded as they come) until the release is called. */
  hold(): () => void;
  close(): Promise<void>;
}

/**
 * Starts an HTTP server on 127.0.0.1 that records every request and answers with the planned
 * statuses (200 unless told otherwise), as a webhook receiver would.
 */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const planned: number[] = [];
  let held: Promise<void> = Promise.resolve();
  const receiver: WebhookReceiver = {
    url: '',
    received: [],
    answer: (...statuses) => planned.push(...statuses),
    fallback: 200,
    hold() {
      let release: () => void = () => undefined;
      held = new Promise((resolve) => {
        release = resolve;
      });
      return release;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      receiver.received.push({
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      await held;
      response.writeHead(planned.shift() ?? receiver.fallback, { 'Content-Type': 'text/plain' });
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/quire`;
  return receiver;
}
