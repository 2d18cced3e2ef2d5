/** The kinds of page: a page with a body, a group of pages (top level only), a link. */
export type PageType = 'document' | 'group' | 'link';

/** Where a link page points. */
export type LinkTarget = { kind: 'url'; url: string } | { kind: 'page'; page: string };

/** Where a meta link of a page points: a page (of another space when `space` is set) or a URL. */
export type MetaLinkTarget =
  | { kind: 'url'; url: string }
  | { kind: 'page'; page: string; space?: string };

/**
 * A page's canonical and alternate links. Never stored empty: a page without any has no
 * `metaLinks`, so the records (and hashes) of pages that never had any stay as they were.
 */
export interface PageMetaLinks {
  canonical?: MetaLinkTarget;
  alternates?: MetaLinkTarget[];
}

/**
 * One page as a revision stores it. Its body is a separate object (`documentId`), and its
 * children a separate list (`children`), so editing either leaves this record's neighbours
 * untouched.
 */
export interface PageRecord {
  id: string;
  type: PageType;
  title: string;
  slug: string;
  /** The parent page's id; `null` at the top level. */
  parent: string | null;
  emoji?: string;
  icon?: string;
  description?: string;
  hidden?: boolean;
  noIndex?: boolean;
  noRobotsIndex?: boolean;
  /** Canonical and alternate links (document pages). */
  metaLinks?: PageMetaLinks;
  /**
   * The page's own variables, name → value (document pages), in name order: what `page.vars.<name>`
   * shows in its body. Never stored empty, like `metaLinks`.
   */
  variables?: Record<string, string>;
  /** Hash of the body object (document pages). */
  documentId?: string;
  /** Where a link page points. */
  target?: LinkTarget;
  /** Root of the list of child page ids; `null` for none. */
  children: string | null;
  createdAt: string;
  updatedAt: string;
}

/** The fields of a page a person edits (its place and body aside): what merges and change lists compare. */
export const pageContentFields = [
  'type',
  'title',
  'slug',
  'emoji',
  'icon',
  'description',
  'hidden',
  'noIndex',
  'noRobotsIndex',
  'metaLinks',
  'variables',
  'target',
] as const satisfies readonly (keyof PageRecord)[];

/** One file as a revision stores it; its bytes are in the blob store under `sha256`. */
export interface FileRecord {
  id: string;
  name: string;
  contentType: string;
  size: number;
  sha256: string;
  dimensions?: { width: number; height: number };
}

/**
 * One reusable content as a revision stores it: a block of content kept once and shown on every
 * page that includes it. Its body is a separate object (`documentId`), like a page's.
 */
export interface ReusableContentRecord {
  id: string;
  title: string;
  /** Hash of the body object. */
  documentId: string;
}

/** The root object of a revision's content: one hash per part. */
export interface RevisionRoot {
  kind: 'revision-root';
  /** Map of page id → {@link PageRecord}. */
  pages: string | null;
  /** Map of `<parent id>/<slug>` → page id: slugs unique among siblings, and path lookups. */
  slugs: string | null;
  /** List of the top-level page ids, in order. */
  top: string | null;
  /** Map of file id → {@link FileRecord}. */
  files: string | null;
  /** Hash of the variables object. */
  variables: string | null;
  /**
   * Map of reusable content id → {@link ReusableContentRecord}. Absent (rather than `null`) when
   * there is none, so the roots of revisions written before reusable content keep their hashes.
   */
  reusableContents?: string;
}

/** A page body object; its hash is the page's `documentId`. */
export interface DocumentObject {
  kind: 'document';
  document: unknown;
}

/** A variables object: the space's variable map. */
export interface VariablesObject {
  kind: 'variables';
  values: Record<string, string>;
}

/** The root of a revision with no content. */
export const emptyRoot: RevisionRoot = {
  kind: 'revision-root',
  pages: null,
  slugs: null,
  top: null,
  files: null,
  variables: null,
};

function isObjectWithKind(value: unknown, kind: string): value is { kind: string } {
  return typeof value === 'object' && value !== null && 'kind' in value && value.kind === kind;
}

/** Whether a stored object is a revision root. */
export function isRevisionRoot(value: unknown): value is RevisionRoot {
  return isObjectWithKind(value, 'revision-root');
}

/** Whether a stored object is a page body. */
export function isDocumentObject(value: unknown): value is DocumentObject {
  return isObjectWithKind(value, 'document');
}

/** Whether a stored object is a variables object. */
export function isVariablesObject(value: unknown): value is VariablesObject {
  return isObjectWithKind(value, 'variables');
}

/** Whether a map value is a page record. */
export function isPageRecord(value: unknown): value is PageRecord {
  return typeof value === 'object' && value !== null && 'slug' in value && 'type' in value;
}

/** Whether a map value is a reusable content record. */
export function isReusableContentRecord(value: unknown): value is ReusableContentRecord {
  return (
    typeof value === 'object' &&
    value !== null &&
    'title' in value &&
    'documentId' in value &&
    !('slug' in value)
  );
}

/** Whether a map value is a file record. */
export function isFileRecord(value: unknown): value is FileRecord {
  return typeof value === 'object' && value !== null && 'sha256' in value;
}
