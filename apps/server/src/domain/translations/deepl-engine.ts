import { isRecord } from '../../is-record.js';
import {
  type EnginePost,
  engineUrl,
  type TranslationEngine,
  TranslationEngineError,
  type TranslationEngineSettings,
} from './translation-engine.js';

// DeepL names languages in capitals, and wants a variant for a few targets.
const sources: Record<string, string> = { no: 'NB' };
const targets: Record<string, string> = { en: 'EN-US', pt: 'PT-PT', no: 'NB', zh: 'ZH-HANS' };

/**
 * DeepL: `POST {url}/v2/translate` with `Authorization: DeepL-Auth-Key <key>` and
 * `{text: [...], source_lang, target_lang}`, answering `{translations: [{text}]}`. The URL is
 * `https://api-free.deepl.com` or `https://api.deepl.com`, as the key's plan says.
 */
export function deeplEngine(
  settings: TranslationEngineSettings,
  post: EnginePost,
): TranslationEngine {
  return {
    async translate(texts, { source, target }) {
      const answer = await post(
        engineUrl(settings.url, '/v2/translate'),
        {
          text: texts,
          source_lang: sources[source] ?? source.toUpperCase(),
          target_lang: targets[target] ?? target.toUpperCase(),
        },
        settings.apiKey === undefined ? {} : { Authorization: `DeepL-Auth-Key ${settings.apiKey}` },
      );
      const translations = isRecord(answer) ? answer.translations : undefined;
      if (!Array.isArray(translations)) {
        throw new TranslationEngineError('DeepL answered without translations');
      }
      return translations.map((item) => {
        const text = isRecord(item) ? item.text : undefined;
        if (typeof text !== 'string')
          throw new TranslationEngineError('DeepL answered a translation without text');
        return text;
      });
    },
  };
}
