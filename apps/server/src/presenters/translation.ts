import type { components } from '@quire/contract';
import type { Document } from '@quire/document';
import type { MemberRole } from '../model/roles.js';
import { translationPermissions } from '../policies/translation-policy.js';
import type { TranslationRecord } from '../store/translations.js';
import { presentDocument } from './json-document.js';
import type { Urls } from './urls.js';

type Translation = components['schemas']['Translation'];
type Language = components['schemas']['TranslationLanguage'];
type Instructions = Translation['instructions'];

const languages: readonly Language[] = [
  'en',
  'fr',
  'de',
  'es',
  'it',
  'pt',
  'ru',
  'ja',
  'zh',
  'ko',
  'ar',
  'hi',
  'nl',
  'pl',
  'tr',
  'sv',
  'no',
  'da',
  'fi',
  'el',
  'cs',
  'hu',
  'ro',
  'th',
  'vi',
  'id',
  'ms',
  'he',
  'uk',
  'sk',
  'bg',
  'hr',
  'lt',
  'lv',
  'et',
  'sl',
];

/** A stored translation as the API shows it to a member with `role`. */
export function presentTranslation(
  translation: TranslationRecord,
  role: MemberRole,
  urls: Urls,
): Translation {
  const language = languageOf(translation.language);
  return {
    object: 'translation',
    id: translation.id,
    status: translation.status,
    ...(translation.lastError === null ? {} : { lastError: translation.lastError }),
    source: { space: translation.sourceSpaceId, language: languageOf(translation.sourceLanguage) },
    language,
    instructions: instructionsOf(translation.instructions),
    ...(translation.resultSpaceId === null || translation.resultRevisionId === null
      ? {}
      : {
          result: {
            space: translation.resultSpaceId,
            revision: translation.resultRevisionId,
            language,
          },
        }),
    createdAt: translation.createdAt,
    updatedAt: translation.updatedAt,
    stats: {
      runs: translation.stats.runs,
      totalWords: translation.stats.totalWords,
      totalPages: translation.stats.totalPages,
      totalDuration: translation.stats.totalDuration,
      latestRunDuration: translation.stats.latestRunDuration,
      latestPages: translation.stats.latestPages,
      latestWords: translation.stats.latestWords,
    },
    permissions: translationPermissions(role),
    urls: {
      location: urls.api('orgs', translation.organizationId, 'translations', translation.id),
    },
  };
}

// Stored values were checked against the contract when they were written.
function languageOf(value: string): Language {
  const found = languages.find((language) => language === value);
  if (found === undefined) throw new Error(`A stored translation has an unknown language ${value}`);
  return found;
}

function instructionsOf(value: unknown): Instructions {
  if (
    typeof value === 'object' &&
    value !== null &&
    'object' in value &&
    value.object === 'document' &&
    'nodes' in value &&
    Array.isArray(value.nodes)
  ) {
    const data =
      'data' in value && typeof value.data === 'object' && value.data !== null ? value.data : {};
    // Stored as the document model writes it (see `prepareBody`).
    return presentDocument({
      object: 'document',
      data: { schemaVersion: 1, ...data },
      nodes: value.nodes,
    } as Document);
  }
  return presentDocument({ object: 'document', data: { schemaVersion: 1 }, nodes: [] });
}
