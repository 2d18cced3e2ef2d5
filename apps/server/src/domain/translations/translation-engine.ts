import { fetchOutbound } from '../../outbound/fetch-outbound.js';
import { OutboundError } from '../../outbound/outbound-error.js';
import { deeplEngine } from './deepl-engine.js';
import { libreTranslateEngine } from './libretranslate-engine.js';
import { openAiEngine } from './openai-engine.js';

/** Which engine translates, where it answers and how to sign in to it; set by the operator. */
export interface TranslationEngineSettings {
  kind: 'libretranslate' | 'deepl' | 'openai';
  /** Base URL of the engine. */
  url: string;
  /** Sent to the engine only, never shown, logged or recorded. */
  apiKey?: string | undefined;
  /** The model an OpenAI-compatible engine runs. */
  model?: string | undefined;
  /** How long one request may take, in milliseconds; a slower engine has failed. */
  timeoutMs?: number | undefined;
}

/** How long one request to an engine may take unless the settings say: models on modest machines take their time over a batch. */
const defaultTimeoutMs = 120_000;

/** What one request to an engine is about. */
export interface TranslationRequest {
  /** Language codes as the contract names them (`en`, `fr`, …). */
  source: string;
  target: string;
  /** The translation's instructions, as plain text; empty when there are none. */
  instructions: string;
}

/** One translation engine: texts in, the same number of texts out, in the same order. */
export interface TranslationEngine {
  translate(texts: readonly string[], request: TranslationRequest): Promise<string[]>;
}

/** An engine that could not translate: unreachable, refusing, or answering something else. */
export class TranslationEngineError extends Error {
  override readonly name = 'TranslationEngineError';
}

/** How a request to an engine is sent: JSON to a URL through the outbound guard. */
export type EnginePost = (
  url: string,
  body: unknown,
  headers?: Record<string, string>,
) => Promise<unknown>;

/**
 * The engine the settings name. Its requests go through the outbound guard; the address is the
 * operator's own choice, so private and loopback addresses (a model on the same machine) are
 * allowed, cloud metadata addresses stay closed.
 * @example createTranslationEngine({ kind: 'libretranslate', url: 'http://127.0.0.1:5000' });
 */
export function createTranslationEngine(settings: TranslationEngineSettings): TranslationEngine {
  const timeoutMs = settings.timeoutMs ?? defaultTimeoutMs;
  const post: EnginePost = (url, body, headers = {}) => postJson(url, body, headers, timeoutMs);
  switch (settings.kind) {
    case 'libretranslate':
      return libreTranslateEngine(settings, post);
    case 'deepl':
      return deeplEngine(settings, post);
    case 'openai':
      return openAiEngine(settings, post);
  }
}

// Texts go to the engine in batches: few requests, none too large for the engine to take.
const batchTexts = 50;
const batchCharacters = 8000;

/** Translates any number of texts, a batch per request, in order. */
export async function translateAll(
  engine: TranslationEngine,
  texts: readonly string[],
  request: TranslationRequest,
): Promise<string[]> {
  const translated: string[] = [];
  let batch: string[] = [];
  let characters = 0;
  const send = async () => {
    if (batch.length === 0) return;
    const answer = await engine.translate(batch, request);
    if (answer.length !== batch.length) {
      throw new TranslationEngineError(
        `The engine answered ${answer.length} texts for ${batch.length}`,
      );
    }
    translated.push(...answer);
    batch = [];
    characters = 0;
  };
  for (const text of texts) {
    if (
      batch.length >= batchTexts ||
      (characters + text.length > batchCharacters && batch.length > 0)
    ) {
      await send();
    }
    batch.push(text);
    characters += text.length;
  }
  await send();
  return translated;
}

/** The URL of an engine's endpoint: the base URL given, without trailing slashes, and `path`. */
export function engineUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}${path}`;
}

async function postJson(
  url: string,
  body: unknown,
  headers: Record<string, string>,
  timeoutMs: number,
): Promise<unknown> {
  let response: Awaited<ReturnType<typeof fetchOutbound>>;
  try {
    response = await fetchOutbound(url, {
      allowPrivate: true,
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...headers },
      body: JSON.stringify(body),
      timeoutMs,
      maxBytes: 16 * 1024 * 1024,
      maxRedirects: 0,
    });
  } catch (error) {
    if (error instanceof OutboundError) throw new TranslationEngineError(error.message);
    throw error;
  }
  if (response.status < 200 || response.status > 299) {
    // The engine's own words say why (a wrong key, an unknown language); never our request.
    const said = response.body.toString('utf8').replace(/\s+/g, ' ').slice(0, 200);
    throw new TranslationEngineError(`The engine answered ${response.status}: ${said}`);
  }
  try {
    return JSON.parse(response.body.toString('utf8'));
  } catch {
    throw new TranslationEngineError('The engine answered something other than JSON');
  }
}
