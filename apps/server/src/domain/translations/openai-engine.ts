import { completionText, openAiEndpoint } from '../models/openai-endpoints.js';
import {
  type EnginePost,
  type TranslationEngine,
  TranslationEngineError,
  type TranslationEngineSettings,
  type TranslationRequest,
} from './translation-engine.js';

/**
 * Any OpenAI-compatible chat completions endpoint (OpenAI, a local llama.cpp, Ollama or vLLM
 * server): `POST {url}/v1/chat/completions`, or the URL as given when it already ends in
 * `/chat/completions`. The texts go as a JSON array; the model is asked for an array of the same
 * length back, with the translation's instructions added to the prompt.
 */
export function openAiEngine(
  settings: TranslationEngineSettings,
  post: EnginePost,
): TranslationEngine {
  const url = openAiEndpoint(settings.url, 'chat/completions');
  return {
    async translate(texts, request) {
      const answer = await post(
        url,
        {
          model: settings.model ?? 'gpt-4o-mini',
          temperature: 0,
          messages: [
            { role: 'system', content: systemPrompt(request) },
            { role: 'user', content: JSON.stringify(texts) },
          ],
        },
        settings.apiKey === undefined ? {} : { Authorization: `Bearer ${settings.apiKey}` },
      );
      const translated = parseArray(messageOf(answer));
      if (translated.length !== texts.length) {
        throw new TranslationEngineError(
          `The model answered ${translated.length} texts for ${texts.length}`,
        );
      }
      return translated;
    },
  };
}

function systemPrompt({ source, target, instructions }: TranslationRequest): string {
  const lines = [
    `You translate documentation from the language with code "${source}" into the language with code "${target}".`,
    'The user sends a JSON array of strings. Answer only with a JSON array of the same length, each string translated, in the same order.',
    'Keep placeholders, URLs, e-mail addresses, code, product names and {{ variables }} exactly as written, and keep the leading and trailing spaces of each string.',
  ];
  if (instructions.trim() !== '')
    lines.push(`Follow these instructions too:\n${instructions.trim()}`);
  return lines.join('\n');
}

function messageOf(answer: unknown): string {
  const content = completionText(answer);
  if (content === undefined) {
    throw new TranslationEngineError('The model answered without a message');
  }
  return content;
}

// Models often wrap their answer in a fenced block; the array is what lies between the brackets.
function parseArray(content: string): string[] {
  const start = content.indexOf('[');
  const end = content.lastIndexOf(']');
  let value: unknown;
  try {
    value = JSON.parse(start === -1 || end < start ? content : content.slice(start, end + 1));
  } catch {
    throw new TranslationEngineError('The model answered something other than a JSON array');
  }
  if (!Array.isArray(value) || !value.every((text) => typeof text === 'string')) {
    throw new TranslationEngineError('The model answered something other than an array of strings');
  }
  return value;
}
