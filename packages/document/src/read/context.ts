import type { Definition, Nodes } from 'mdast';
import { serializeMarkdownTree } from '../markdown/serialize.js';
import type { ConversionWarning } from '../types.js';

/** State shared while reading one Markdown source. */
export interface ReadContext {
  readonly source: string;
  readonly warnings: ConversionWarning[];
  /** Link reference definitions by normalized label; the first definition of a label wins. */
  readonly definitions: ReadonlyMap<string, Definition>;
  /** Reading a GFM table cell. */
  readonly inCell?: boolean;
}

/** Records that something was kept verbatim. */
export function warn(
  context: ReadContext,
  kind: ConversionWarning['kind'],
  message: string,
  node: Nodes,
): void {
  const line = node.position?.start.line;
  context.warnings.push(line === undefined ? { kind, message } : { kind, message, line });
}

/**
 * The Markdown of a node, byte for byte from the source. Inside containers (lists, quotes) a
 * multi-line slice would carry the container's line prefixes, so there the node is written
 * back instead, which reads the same.
 */
export function verbatimMarkdown(context: ReadContext, node: Nodes, nested: boolean): string {
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  if (start !== undefined && end !== undefined) {
    const slice = context.source.slice(start, end).trimEnd();
    if (!nested || !slice.includes('\n')) return slice;
  }
  return serializeMarkdownTree(node).trimEnd();
}

/** A component (`<Tabs>`, `</TabItem>`) or a JSX expression (`style={{…}}`): MDX, not HTML. */
const JSX = /^<\/?[A-Z]|<\/?[A-Z][\w.]*[\s/>]|=\{/;

/** The warning kind for HTML kept verbatim: `mdx` for JSX, `html` otherwise. */
export function htmlKind(html: string): 'html' | 'mdx' {
  return JSX.test(html) ? 'mdx' : 'html';
}
