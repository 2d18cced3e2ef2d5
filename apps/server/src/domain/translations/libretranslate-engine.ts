import { isRecord } from '../../is-record.js';
import {
  type EnginePost,
  engineUrl,
  type TranslationEngine,
  TranslationEngineError,
  type TranslationEngineSettings,
} from './translation-engine.js';

// LibreTranslate's codes differ from the contract's for a few languages.
const codes: Record<string, string> = { no: 'nb', zh: 'zh-Hans' };

/**
 * LibreTranslate: `POST {url}/translate` with `{q: [...], source, target, format: 'text',
 * api_key}`, answering `{translatedText: [...]}`.
 */
export function libreTranslateEngine(
  settings: TranslationEngineSettings,
  post: EnginePost,
): TranslationEngine {
  return {
    async translate(texts, { source, target }) {
      const answer = await post(engineUrl(settings.url, '/translate'), {
        q: texts,
        source: codes[source] ?? source,
        target: codes[target] ?? target,
        format: 'text',
        ...(settings.apiKey === undefined ? {} : { api_key: settings.apiKey }),
      });
      const translated = isRecord(answer) ? answer.translatedText : undefined;
      if (!Array.isArray(translated) || !translated.every((text) => typeof text === 'string')) {
        throw new TranslationEngineError('LibreTranslate answered without translatedText');
      }
      return translated;
    },
  };
}
