import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AskEngineConfig, EmbeddingsConfig } from '../../src/config.js';

/** One request the fake model received. */
export interface ModelRequest {
  url: string;
  headers: IncomingHttpHeaders;
  body: {
    model?: string;
    stream?: boolean;
    max_tokens?: number;
    messages: { role: string; content: string }[];
  };
}

/**
 * How the fake model answers: as a model that cites what it was given (`well`), refusing with a
 * 500, never answering, breaking off after its first words, or answering whole JSON to a
 * request for a stream (as some servers do), or streaming words without end until the client
 * goes away.
 */
export type ModelBehaviour = 'well' | 'refuse' | 'hang' | 'break' | 'whole' | 'endless';

/** An OpenAI-compatible chat completions and embeddings server on loopback. */
export interface FakeModel {
  config: AskEngineConfig;
  embeddings: EmbeddingsConfig;
  requests: ModelRequest[];
  /** Every text the embeddings endpoint was asked to embed, in order. */
  embedded: string[];
  /** Resolves when the client of an endless answer next stops reading it and closes it. */
  nextAbandoned(): Promise<void>;
  behave(how: ModelBehaviour): void;
  close(): Promise<void>;
}

/**
 * The reply of a model that does as it is told: it cites the first source it was given (by its
 * URL, as given), makes up a link it should not, and suggests two follow-ups. Asked to suggest
 * questions, it suggests three.
 */
export function modelReply(body: ModelRequest['body']): string {
  const last = body.messages.at(-1)?.content ?? '';
  if (last.startsWith('Suggest '))
    return '1. How do I install it?\n2. What does it cost?\n- Where are the logs?';
  const sources = [...last.matchAll(/^\[\d+\] (.*)\nURL: (\S+)$/gm)].map(([, title, url]) => ({
    title: title ?? '',
    url: url ?? '',
  }));
  const first = sources[0];
  const cited =
    first === undefined
      ? 'The documentation does not say.'
      : `See [${first.title}](${first.url}) for the steps.`;
  return `${cited} More at [our blog](https://made-up.example/blog).\n\n<followups>\nHow do I upgrade?\nWhere are the logs?\n</followups>`;
}

// Words the fake embedding counts as the same, so that similarity finds what words do not.
const synonyms: Record<string, string> = { setup: 'install', configure: 'install', price: 'plan' };
const dimensions = 64;

/**
 * A bag-of-words embedding: each word (or its synonym) adds to one of 64 dimensions, so texts
 * sharing words, or synonyms, point the same way.
 */
export function fakeEmbedding(text: string): number[] {
  const vector = Array.from({ length: dimensions }, () => 0);
  for (const word of text.toLowerCase().match(/[a-z]+/g) ?? []) {
    const base = synonyms[word] ?? word;
    let hash = 0;
    for (const character of base) hash = (hash * 31 + character.charCodeAt(0)) % dimensions;
    vector[hash] = (vector[hash] ?? 0) + 1;
  }
  return vector;
}

/** Starts a fake model on 127.0.0.1, answering as {@link modelReply} says. */
export async function startFakeModel(apiKey = 'model-secret-key'): Promise<FakeModel> {
  const requests: ModelRequest[] = [];
  const embedded: string[] = [];
  const abandonedWaits: (() => void)[] = [];
  let behaviour: ModelBehaviour = 'well';
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = JSON.parse(
        Buffer.concat(chunks).toString('utf8') || '{}',
      ) as ModelRequest['body'];
      if (request.url === '/v1/embeddings') {
        const input = (body as unknown as { input: string[] }).input;
        embedded.push(...input);
        response.writeHead(200, { 'Content-Type': 'application/json' });
        response.end(
          JSON.stringify({
            data: input.map((text, index) => ({ index, embedding: fakeEmbedding(text) })),
          }),
        );
        return;
      }
      requests.push({ url: request.url ?? '', headers: request.headers, body });
      if (behaviour === 'hang') return;
      if (behaviour === 'refuse') {
        response.writeHead(500, { 'Content-Type': 'application/json' });
        response.end(JSON.stringify({ error: { message: 'model overloaded' } }));
        return;
      }
      const reply = modelReply(body);
      if (body.stream !== true || behaviour === 'whole') {
        response.writeHead(200, { 'Content-Type': 'application/json' });
        response.end(
          JSON.stringify({ choices: [{ message: { role: 'assistant', content: reply } }] }),
        );
        return;
      }
      response.writeHead(200, { 'Content-Type': 'text/event-stream' });
      if (behaviour === 'endless') {
        const word = `data: ${JSON.stringify({ choices: [{ delta: { content: 'more ' } }] })}\n\n`;
        const writing = setInterval(() => response.write(word), 10);
        response.once('close', () => {
          clearInterval(writing);
          for (const resolve of abandonedWaits.splice(0)) resolve();
        });
        return;
      }
      // The reply in pieces of a few characters, as a model streams its tokens.
      const pieces = reply.match(/[\s\S]{1,7}/g) ?? [];
      for (const [index, piece] of pieces.entries()) {
        if (behaviour === 'break' && index === 3) {
          // The connection closes mid-answer: what was written arrives, the rest never does.
          response.socket?.end();
          return;
        }
        response.write(`data: ${JSON.stringify({ choices: [{ delta: { content: piece } }] })}\n\n`);
      }
      response.end('data: [DONE]\n\n');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    config: {
      url: `http://127.0.0.1:${port}/v1`,
      model: 'local-model',
      apiKey,
      // Long enough that no answer on a busy machine runs into it; tests of a slow model set less.
      timeoutMs: 30_000,
      maxTokens: 300,
    },
    embeddings: {
      url: `http://127.0.0.1:${port}/v1`,
      model: 'local-embeddings',
      apiKey,
      timeoutMs: 30_000,
    },
    requests,
    embedded,
    nextAbandoned: () => new Promise<void>((resolve) => abandonedWaits.push(resolve)),
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
