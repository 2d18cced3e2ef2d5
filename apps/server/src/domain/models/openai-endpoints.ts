import { isRecord } from '../../is-record.js';

/**
 * The URL of an endpoint of an OpenAI-compatible server (`chat/completions`, `embeddings`) from
 * the base URL an operator gives: as given when it already names the endpoint, under it when it
 * ends in `/v1`, else under `{url}/v1`.
 * @example openAiEndpoint('http://127.0.0.1:11434', 'embeddings'); // http://127.0.0.1:11434/v1/embeddings
 */
export function openAiEndpoint(url: string, endpoint: 'chat/completions' | 'embeddings'): string {
  const base = url.replace(/\/+$/, '');
  if (base.endsWith(`/${endpoint}`)) return base;
  return `${base}${/\/v1$/.test(base) ? '' : '/v1'}/${endpoint}`;
}

/** The text of a chat completion's first choice, or `undefined` when it has none. */
export function completionText(answer: unknown): string | undefined {
  const choices = isRecord(answer) ? answer.choices : undefined;
  const first: unknown = Array.isArray(choices) ? choices[0] : undefined;
  const message = isRecord(first) ? first.message : undefined;
  const content = isRecord(message) ? message.content : undefined;
  return typeof content === 'string' ? content : undefined;
}
