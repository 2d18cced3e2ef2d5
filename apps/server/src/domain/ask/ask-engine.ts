import { Readable } from 'node:stream';
import { createParser } from 'eventsource-parser';
import type { AskEngineConfig } from '../../config.js';
import { isRecord } from '../../is-record.js';
import { fetchOutbound } from '../../outbound/fetch-outbound.js';
import { OutboundError } from '../../outbound/outbound-error.js';
import { completionText, openAiEndpoint } from '../models/openai-endpoints.js';

/** One message of a conversation with the model. */
export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** A model that answers: its words as they come, or its whole reply. */
export interface AskEngine {
  /**
   * Resolves once the model has begun to answer (a refusal or an unreachable model rejects
   * then, before any word); the words follow, and a failure after that ends them with an error.
   */
  stream(messages: readonly ChatMessage[]): Promise<AsyncIterable<string>>;
  /** The whole reply, for short work (suggesting questions). */
  complete(messages: readonly ChatMessage[], maxTokens: number): Promise<string>;
}

/** The engine the settings name; none without settings (answers are then the best sections). */
export function askEngineOf(config: AskEngineConfig | undefined): AskEngine | undefined {
  return config === undefined ? undefined : askEngine(config);
}

/** A model that could not answer: unreachable, refusing, too slow, or speaking something else. */
export class AskEngineError extends Error {
  override readonly name = 'AskEngineError';
}

/**
 * Any OpenAI-compatible chat completions endpoint (OpenAI, a local llama.cpp, Ollama or vLLM
 * server), streamed: `POST {url}/chat/completions` when the URL ends in `/v1`, else
 * `{url}/v1/chat/completions`. Requests go through the outbound guard; the address is the
 * operator's own choice, so loopback and private addresses (a model on the same machine) are
 * allowed, cloud metadata addresses stay closed.
 * @example const engine = askEngine({ url: 'http://127.0.0.1:11434/v1', model: 'llama3.2', … });
 */
export function askEngine(config: AskEngineConfig): AskEngine {
  const url = openAiEndpoint(config.url, 'chat/completions');
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    ...(config.apiKey === undefined ? {} : { Authorization: `Bearer ${config.apiKey}` }),
  };
  const post = (
    body: unknown,
    stream?: Parameters<typeof fetchOutbound>[1]['stream'],
    signal?: AbortSignal,
  ) =>
    fetchOutbound(url, {
      allowPrivate: true,
      method: 'POST',
      headers: {
        ...headers,
        Accept: stream === undefined ? 'application/json' : 'text/event-stream',
      },
      body: JSON.stringify(body),
      timeoutMs: config.timeoutMs,
      maxBytes: 4 * 1024 * 1024,
      maxRedirects: 0,
      stream,
      signal,
    });

  return {
    async complete(messages, maxTokens) {
      const answer = await post({ model: config.model, messages, max_tokens: maxTokens }).catch(
        failure,
      );
      if (answer.status < 200 || answer.status > 299) {
        throw refusal(answer.status, answer.body.toString('utf8'));
      }
      return messageOf(parseJson(answer.body.toString('utf8')));
    },

    stream(messages) {
      const words = new Readable({ objectMode: true, read() {} });
      // The error reaches whoever reads the words; unread, it must not stop the process.
      words.on('error', () => undefined);
      // A reader who stops reading (the asker left) stops the model too: its tokens cost.
      const stop = new AbortController();
      let settled = false;
      words.once('close', () => {
        if (!settled) stop.abort();
      });
      const decoder = new TextDecoder();
      let status = 0;
      let streamed = false;
      let refused = '';
      let whole = '';
      const parser = createParser({
        onEvent: ({ data }) => {
          if (data === '[DONE]') return;
          try {
            const delta = deltaOf(parseJson(data));
            if (delta !== '') words.push(delta);
          } catch (error) {
            words.destroy(engineErrorOf(error));
          }
        },
      });
      return new Promise((begun, failed) => {
        post(
          {
            model: config.model,
            messages,
            stream: true,
            max_tokens: config.maxTokens,
          },
          {
            onStatus(answered, contentType) {
              status = answered;
              streamed = (contentType ?? '').startsWith('text/event-stream');
              if (answered >= 200 && answered <= 299) begun(words);
            },
            onChunk(chunk) {
              const text = decoder.decode(chunk, { stream: true });
              if (status < 200 || status > 299) refused += text;
              else if (streamed) parser.feed(text);
              else whole += text;
            },
          },
          stop.signal,
        ).then(
          () => {
            settled = true;
            if (status < 200 || status > 299) return failed(refusal(status, refused));
            try {
              // A server that ignores `stream` answers one JSON completion: its message is the words.
              if (!streamed) words.push(messageOf(parseJson(whole)));
              words.push(null);
            } catch (error) {
              words.destroy(engineErrorOf(error));
            }
          },
          (error: unknown) => {
            settled = true;
            const reason = engineErrorOf(error);
            failed(reason);
            words.destroy(reason);
          },
        );
      });
    },
  };
}

function failure(error: unknown): never {
  throw engineErrorOf(error);
}

function engineErrorOf(error: unknown): AskEngineError {
  if (error instanceof AskEngineError) return error;
  if (error instanceof OutboundError)
    return new AskEngineError(`The model ${error.message.replace(/^Fetching /, 'at ')}`);
  return new AskEngineError(
    `The model failed: ${error instanceof Error ? error.message : String(error)}`,
  );
}

function refusal(status: number, body: string): AskEngineError {
  // The engine's own words say why (a wrong key, an unknown model); never our request.
  const said = body.replace(/\s+/g, ' ').trim().slice(0, 200);
  return new AskEngineError(`The model answered ${status}${said === '' ? '' : `: ${said}`}`);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new AskEngineError('The model answered something other than JSON');
  }
}

function deltaOf(event: unknown): string {
  const choices = isRecord(event) ? event.choices : undefined;
  const first: unknown = Array.isArray(choices) ? choices[0] : undefined;
  const delta = isRecord(first) ? first.delta : undefined;
  const content = isRecord(delta) ? delta.content : undefined;
  return typeof content === 'string' ? content : '';
}

function messageOf(answer: unknown): string {
  const content = completionText(answer);
  if (content === undefined) throw new AskEngineError('The model answered without a message');
  return content;
}
