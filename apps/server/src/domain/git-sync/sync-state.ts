import { canonicalJson, contentHash } from '../content/canonical-json.js';
import {
  type PageRecord,
  pageContentFields,
  type ReusableContentRecord,
} from '../content/records.js';

/**
 * One page as it was when a space and its repository last agreed: where it is in the repository
 * (its file, or the folder of a part), the Git blob of its file then, and a digest of the page
 * then. A page whose digest is unchanged has not been edited in the space since; a file whose
 * blob is unchanged has not been edited in the repository.
 */
export interface SyncedPage {
  key: string;
  path: string;
  blob?: string;
  digest: string;
}

/** A file of the space as it was when the two last agreed. */
export interface SyncedFile {
  path: string;
  sha256: string;
}

/** The space's variables as they were when the two last agreed: their file, its blob, a digest. */
export interface SyncedVariables {
  path: string;
  blob: string;
  digest: string;
}

/** What a space and its repository last agreed on: the revision and commit, page by page. */
export interface SyncState {
  revisionId: string | null;
  commit: string | null;
  pages: Record<string, SyncedPage>;
  files: Record<string, SyncedFile>;
  /** Reusable contents by id: their file, its blob and their digest then. */
  includes?: Record<string, SyncedPage>;
  /** The variables' file, when the repository had one. */
  variables?: SyncedVariables;
}

export const emptySyncState: SyncState = { revisionId: null, commit: null, pages: {}, files: {} };

/** A digest of a space's variables. */
export function variablesDigest(values: Readonly<Record<string, string>>): string {
  return contentHash(canonicalJson(values));
}

/** A digest of what a reusable content holds: its title and body. */
export function includeDigest(record: ReusableContentRecord): string {
  return contentHash(canonicalJson({ title: record.title, documentId: record.documentId }));
}

/** A digest of what a page holds: its fields and body, not its place. */
export function pageDigest(page: PageRecord): string {
  const fields: Record<string, unknown> = { documentId: page.documentId };
  for (const field of pageContentFields) fields[field] = page[field];
  return contentHash(canonicalJson(fields));
}
