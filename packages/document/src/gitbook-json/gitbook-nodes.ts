/**
 * GitBook's JSON document as the API answers it (the `JSONDocument` of `@gitbook/api`): blocks,
 * inlines, texts and fragments, loosely typed, since a document read from a request is checked
 * field by field as it is converted.
 *
 * Quire's document model holds a few details GitBook's does not (a heading's Markdown level, a
 * list written loose, a code fence's info string, a block kept as raw Markdown…). They travel in
 * a node's `markdown` object, beside GitBook's fields: GitBook's clients ignore it, and a
 * document sent back with it reads as exactly the document that was answered.
 */
export interface GitBookNode {
  object: 'block' | 'inline' | 'text' | 'leaf' | 'mark' | 'fragment';
  type?: string;
  key?: string;
  data?: Record<string, unknown>;
  nodes?: GitBookNode[];
  leaves?: GitBookNode[];
  marks?: GitBookNode[];
  text?: string;
  fragment?: string;
  fragments?: GitBookNode[];
  isVoid?: boolean;
  markdown?: Record<string, unknown>;
}

/** A whole document in GitBook's shape. */
export interface GitBookDocument {
  object: 'document';
  data: Record<string, unknown>;
  nodes: GitBookNode[];
}

/** GitBook's content references, as links, images, files and cards hold them. */
export type GitBookContentRef =
  | { kind: 'url'; url: string }
  | { kind: 'page'; page: string; space?: string }
  | { kind: 'anchor'; anchor: string; page?: string; space?: string }
  | { kind: 'file'; file: string; space?: string }
  | { kind: 'user'; user: string }
  | { kind: 'openapi'; spec: string }
  | { kind: 'reusable-content'; reusableContent: string; space?: string }
  | { kind: 'tag'; tag: string; space?: string };

/** Heading ids GitBook accepts; another anchor travels in `markdown`. */
export const headingIdPattern = /^[-a-z0-9.+_]+$/;

/** The colours GitBook names for text and background; another colour travels in `markdown`. */
export const textColors: ReadonlySet<string> = new Set([
  'default',
  'green',
  'blue',
  'red',
  'orange',
  'yellow',
  'purple',
  'pink',
  'violet',
  'cyan',
  '$primary',
  '$info',
  '$success',
  '$warning',
  '$danger',
  '$tint',
]);

/** A node with `markdown` details only when there are any. */
export function withMarkdown(node: GitBookNode, details: Record<string, unknown>): GitBookNode {
  const kept = Object.fromEntries(
    Object.entries(details).filter(([, value]) => value !== undefined),
  );
  return Object.keys(kept).length === 0 ? node : { ...node, markdown: kept };
}
