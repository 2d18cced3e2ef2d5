import type { Definition, Nodes, Root } from 'mdast';
import { parseMarkdownTree } from './markdown/parse.js';
import { serializeMarkdownTree } from './markdown/serialize.js';
import { setKeys } from './model/keys.js';
import { emptyParagraphs, readBlocks } from './read/blocks.js';
import type { ReadContext } from './read/context.js';
import { type ConversionWarning, type Document, SCHEMA_VERSION } from './types.js';
import { writeBlocks } from './write/blocks.js';

/** A document read from Markdown, with what was kept verbatim rather than modelled. */
export interface ReadMarkdownResult {
  document: Document;
  warnings: ConversionWarning[];
}

/**
 * Reads Markdown (CommonMark, GFM, `$$` math and GitBook's `{% %}` blocks) into a document and
 * reports what it kept verbatim. Nothing is dropped: constructs without a block type of their
 * own become `raw` blocks or inlines that write back unchanged.
 *
 * @example
 * const { document, warnings } = readMarkdown('# Title\n\n<div>custom</div>\n');
 * document.nodes[1]?.type; // 'raw'
 * warnings[0]?.kind; // 'html'
 */
export function readMarkdown(markdown: string): ReadMarkdownResult {
  const tree = parseMarkdownTree(markdown);
  const context: ReadContext = {
    source: markdown,
    warnings: [],
    definitions: collectDefinitions(tree),
  };
  const nodes = [
    ...emptyParagraphs(leadingBlankLines(tree)),
    ...readBlocks(tree.children, context, false),
    ...emptyParagraphs(trailingBlankLines(tree, markdown)),
  ];
  setKeys(nodes);
  return {
    document: { object: 'document', data: { schemaVersion: SCHEMA_VERSION }, nodes },
    warnings: context.warnings,
  };
}

/**
 * Reads Markdown into a document; see `readMarkdown` for the warnings.
 *
 * @example
 * const document = markdownToDocument('Hello **world**\n');
 * documentToMarkdown(document); // 'Hello **world**\n'
 */
export function markdownToDocument(markdown: string): Document {
  return readMarkdown(markdown).document;
}

/**
 * Writes a document as Markdown. Reading the result gives back the same document, keys
 * included, and writing Markdown that was read changes nothing after the first pass.
 *
 * @example
 * documentToMarkdown(markdownToDocument('* one\n* two')); // '- one\n- two\n'
 */
export function documentToMarkdown(document: Document): string {
  return serializeMarkdownTree({ type: 'root', children: writeBlocks(document.nodes) });
}

/** Blank lines before the first block: empty paragraphs GitBook wrote at the top. */
function leadingBlankLines(tree: Root): number {
  const start = tree.children[0]?.position?.start;
  return start === undefined || start.column !== 1 ? 0 : start.line - 1;
}

/** Blank lines after the last block beyond the final line ending: trailing empty paragraphs. */
function trailingBlankLines(tree: Root, markdown: string): number {
  const end = tree.children.at(-1)?.position?.end.offset;
  if (end === undefined) return 0;
  const rest = markdown.slice(end);
  return /^\n+$/.test(rest) ? rest.length - 1 : 0;
}

/** Link reference definitions by normalized label; the first one of a label wins. */
function collectDefinitions(tree: Nodes): Map<string, Definition> {
  const definitions = new Map<string, Definition>();
  const visit = (node: Nodes): void => {
    if (node.type === 'definition' && !definitions.has(node.identifier)) {
      definitions.set(node.identifier, node);
    }
    if ('children' in node) for (const child of node.children) visit(child);
  };
  visit(tree);
  return definitions;
}
