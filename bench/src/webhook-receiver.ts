import { createServer } from 'node:http';

/** A loopback webhook receiver that answers every delivery 204 and counts them. */
export interface WebhookReceiver {
  url: string;
  received(): number;
  /**
   * Leaves deliveries unanswered until `release`: the job runner waits for its batch, so no
   * more are sent meanwhile (a delivery times out after 10 s: hold for less).
   */
  hold(): void;
  release(): void;
  /** Waits until no delivery has arrived for `quietMs` (longer than the job runner's poll). */
  settle(quietMs?: number): Promise<void>;
  close(): Promise<void>;
}

/** Starts a receiver on 127.0.0.1 at a free port. */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  let count = 0;
  let held: (() => void)[] | undefined;
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      count += 1;
      const answer = () => response.writeHead(204).end();
      if (held === undefined) answer();
      else held.push(answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('No port to listen on');
  return {
    url: `http://127.0.0.1:${address.port}/hooks`,
    received: () => count,
    hold() {
      held ??= [];
    },
    release() {
      const answers = held ?? [];
      held = undefined;
      for (const answer of answers) answer();
    },
    async settle(quietMs = 1500) {
      let seen = -1;
      while (seen !== count) {
        seen = count;
        await new Promise((resolve) => setTimeout(resolve, quietMs));
      }
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
