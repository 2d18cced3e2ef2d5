import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Import sources served on a loopback HTTP server: path → content type and body. */
export class FixtureServer {
  readonly routes = new Map<string, { type: string; body: Buffer | string }>();
  readonly requested: string[] = [];
  private server: Server | undefined;
  origin = '';

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      const path = request.url ?? '/';
      this.requested.push(path);
      const route = this.routes.get(path);
      if (route === undefined) {
        response.writeHead(404).end('not found');
        return;
      }
      response.writeHead(200, { 'Content-Type': route.type }).end(route.body);
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  serve(path: string, type: string, body: Buffer | string): string {
    this.routes.set(path, { type, body });
    return `${this.origin}${path}`;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server?.close(() => resolve()));
  }
}
