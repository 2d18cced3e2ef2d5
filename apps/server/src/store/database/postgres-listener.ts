import pg from 'pg';

const reconnectDelayMs = 1000;

/** A connection of its own that LISTENs to one channel, connecting again when it is lost. */
export interface PostgresListener {
  /** Whether it is listening now (notifications sent meanwhile may have been missed). */
  listening(): boolean;
  close(): Promise<void>;
}

/**
 * LISTENs to `channel` on a connection of its own: `onMessage` gets each notification's payload;
 * `onListening` runs each time it listens again after being down (and the first time), when
 * anything may have been missed.
 */
export function listenToPostgres(
  connectionString: string,
  channel: string,
  handlers: { onMessage(payload: string): void; onListening(): void },
): PostgresListener {
  let listening = false;
  let closed = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;

  const lose = () => {
    listening = false;
    client?.removeAllListeners();
    void client?.end().catch(() => {});
    client = undefined;
    if (!closed && retry === undefined) {
      retry = setTimeout(() => {
        retry = undefined;
        void listen();
      }, reconnectDelayMs);
      retry.unref();
    }
  };
  const listen = async () => {
    const next = new pg.Client({ connectionString });
    client = next;
    next.on('error', lose);
    next.on('end', lose);
    next.on('notification', (message) => handlers.onMessage(message.payload ?? ''));
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
      if (closed) {
        await next.end();
        return;
      }
      handlers.onListening();
      listening = true;
    } catch {
      if (client === next) lose();
    }
  };
  void listen();

  return {
    listening: () => listening,
    async close() {
      closed = true;
      listening = false;
      if (retry !== undefined) clearTimeout(retry);
      const current = client;
      client = undefined;
      current?.removeAllListeners();
      current?.on('error', () => {});
      await current?.end().catch(() => {});
    },
  };
}
