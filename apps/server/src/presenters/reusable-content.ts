import type { components } from '@quire/contract';
import type { ReusableContentRecord } from '../domain/content/records.js';

/** A reusable content as the API shows it: its body by the id of its document. */
export function presentReusableContent(
  record: ReusableContentRecord,
): components['schemas']['RevisionReusableContent'] {
  return { id: record.id, title: record.title, document: record.documentId };
}
