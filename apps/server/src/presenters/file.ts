import type { components } from '@quire/contract';
import type { FileRecord } from '../domain/content/records.js';

type RevisionFile = components['schemas']['RevisionFile'];

/** A file as the API shows it, with the signed URL that downloads it. */
export function presentFile(file: FileRecord, downloadUrl: string): RevisionFile {
  return {
    id: file.id,
    name: file.name,
    contentType: file.contentType,
    downloadURL: downloadUrl,
    size: file.size,
    ...(file.dimensions === undefined ? {} : { dimensions: file.dimensions }),
  };
}
