import { Agent, request } from 'node:http';

// Kept-alive sockets, so a timing is of the request, not of a new connection.
const agent = new Agent({ keepAlive: true, maxSockets: 8 });

/**
 * GETs `path` of the server, reading the whole body off the socket; answers the milliseconds,
 * the bytes and the headers. Any status but `expect` (200 unless given) rejects.
 */
export function timedGet(
  server: { baseUrl: string; token?: string },
  path: string,
  { headers = {}, expect = 200 }: { headers?: Record<string, string>; expect?: number } = {},
): Promise<{ ms: number; bytes: number; headers: Record<string, string | string[] | undefined> }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const outgoing = request(
      `${server.baseUrl}${path}`,
      {
        agent,
        headers: {
          ...(server.token === undefined ? {} : { Authorization: `Bearer ${server.token}` }),
          ...headers,
        },
      },
      (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
        });
        response.on('end', () => {
          if (response.statusCode !== expect) reject(new Error(`${path}: ${response.statusCode}`));
          else resolve({ ms: performance.now() - started, bytes, headers: response.headers });
        });
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end();
  });
}

/** Closes the kept-alive sockets, so the bench's process can exit. */
export function closeConnections(): void {
  agent.destroy();
}
