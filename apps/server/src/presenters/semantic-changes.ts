import type { components } from '@quire/contract';
import type { FileRecord, ReusableContentRecord } from '../domain/content/records.js';
import type { SemanticChange } from '../domain/content/semantic-changes.js';

type Schemas = components['schemas'];

/**
 * The first `limit` changes as the API shows them, with `more` saying how many were left out
 * (only when some were).
 */
export function presentSemanticChanges(
  changes: SemanticChange[],
  limit: number,
  downloadUrl: (file: FileRecord) => string,
): Schemas['SemanticChanges'] {
  const presentFile = (file: FileRecord): Schemas['ChangedFile'] => ({
    id: file.id,
    name: file.name,
    contentType: file.contentType,
    downloadURL: downloadUrl(file),
  });
  const shown = changes.slice(0, limit).map((change): Schemas['SemanticChange'] => {
    switch (change.type) {
      case 'file_created':
      case 'file_edited':
      case 'file_deleted':
        return { type: change.type, file: presentFile(change.file) };
      case 'reusable_content_created':
      case 'reusable_content_deleted':
        return { type: change.type, reusableContent: presentChanged(change.reusableContent) };
      case 'reusable_content_edited':
        return {
          type: change.type,
          reusableContent: presentChanged(change.reusableContent),
          attributes: change.attributes,
        };
      default:
        return change;
    }
  });
  const more = changes.length - shown.length;
  return { changes: shown, ...(more > 0 ? { more } : {}) };
}

function presentChanged(record: ReusableContentRecord): Schemas['ChangedReusableContent'] {
  return { id: record.id, title: record.title, document: record.documentId };
}
