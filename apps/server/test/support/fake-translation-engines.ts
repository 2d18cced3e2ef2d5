import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TranslationEngineConfig } from '../../src/config.js';

/** One request a fake engine received. */
export interface EngineRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
}

/** A translation engine on loopback, speaking one engine's API, that upper-cases what it gets. */
export interface FakeEngine {
  config: TranslationEngineConfig;
  requests: EngineRequest[];
  /** How it answers from now on: as its API says, with text that is no JSON, or never. */
  behave(how: 'well' | 'garbage' | 'hang'): void;
  close(): Promise<void>;
}

type Kind = TranslationEngineConfig['kind'];

function answer(kind: Kind, body: Record<string, unknown>): unknown {
  const upper = (texts: unknown) =>
    (Array.isArray(texts) ? texts : []).map((text) => String(text).toUpperCase());
  switch (kind) {
    case 'libretranslate':
      return { translatedText: upper(body.q) };
    case 'deepl':
      return {
        translations: upper(body.text).map((text) => ({ text, detected_source_language: 'EN' })),
      };
    case 'openai': {
      const messages = Array.isArray(body.messages) ? body.messages : [];
      const user = messages.find((message) => message?.role === 'user');
      const texts = upper(JSON.parse(String(user?.content ?? '[]')));
      // Models like to fence their answers; the engine must read through it.
      return {
        choices: [
          {
            message: { role: 'assistant', content: `\`\`\`json\n${JSON.stringify(texts)}\n\`\`\`` },
          },
        ],
      };
    }
  }
}

/** Starts a fake engine of this kind on 127.0.0.1, with `apiKey` as its key. */
export async function startFakeEngine(
  kind: Kind,
  apiKey = 'engine-secret-key',
): Promise<FakeEngine> {
  const requests: EngineRequest[] = [];
  let behaviour: 'well' | 'garbage' | 'hang' = 'well';
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<
        string,
        unknown
      >;
      requests.push({
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body,
      });
      if (behaviour === 'hang') return;
      response.setHeader('Content-Type', 'application/json');
      response.end(
        behaviour === 'garbage' ? '<html>Bad gateway</html>' : JSON.stringify(answer(kind, body)),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    config: {
      kind,
      url: `http://127.0.0.1:${port}`,
      apiKey,
      model: kind === 'openai' ? 'local-model' : undefined,
    },
    requests,
    behave(how) {
      behaviour = how;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
