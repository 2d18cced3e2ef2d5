import type { Block, Document } from '@quire/document';
import type { Root } from 'hast';
import { toHtml } from 'hast-util-to-html';
import { renderBlocks } from './blocks/index.js';
import { codeLanguage, type Language, prepareCodeHighlighter } from './code.js';
import type { RenderContext } from './context.js';
import { headingIds, type RenderedHeading } from './headings.js';
import { type RenderOptions, type ResolvedRenderOptions, resolveRenderOptions } from './options.js';

/** A rendered document. */
export interface RenderedDocument {
  /** The page's content as an HTML fragment. */
  html: string;
  /** Its top-level headings in order, for a table of contents. */
  headings: RenderedHeading[];
}

/** A rendered document as a hast tree, for callers that place it in a page of their own. */
export interface RenderedTree {
  tree: Root;
  headings: RenderedHeading[];
}

/** The languages of every code block a render can reach, included content too. */
function codeLanguages(blocks: readonly Block[], options: ResolvedRenderOptions): Set<Language> {
  const languages = new Set<Language>();
  const seen = new Set<string>();
  const visit = (nodes: readonly Block[]) => {
    for (const block of nodes) {
      if (block.type === 'code') {
        const language = codeLanguage(block.data?.syntax);
        if (language !== undefined) languages.add(language);
      } else if (block.type === 'reusable-content') {
        const reference = block.data.ref.reusableContent;
        if (seen.has(reference)) continue;
        seen.add(reference);
        visit(options.resolveReusableContent(reference)?.nodes ?? []);
      } else if ('nodes' in block) {
        visit((block.nodes as readonly { object: string }[]).filter(isBlock));
      }
    }
  };
  visit(blocks);
  return languages;
}

function isBlock(node: { object: string }): node is Block {
  return node.object === 'block';
}

/**
 * Renders a document to a hast tree. Async only to load Shiki's themes and the languages the
 * document's code blocks use (once per process); the rendering itself is synchronous and pure.
 *
 * @example
 * const { tree, headings } = await renderDocumentTree(document);
 */
export async function renderDocumentTree(
  document: Document,
  options: RenderOptions = {},
): Promise<RenderedTree> {
  const resolved = resolveRenderOptions(options);
  const highlighter = await prepareCodeHighlighter(
    resolved.codeThemes,
    codeLanguages(document.nodes, resolved),
  );
  const ids = headingIds(document);
  let tabs = 0;
  const context: RenderContext = {
    options: resolved,
    highlighter,
    headingId: ids.idOf,
    nextTabsName: () => `tabs-${++tabs}`,
    includeDepth: 0,
  };
  return {
    tree: { type: 'root', children: renderBlocks(document.nodes, context) },
    headings: ids.headings,
  };
}

/**
 * Renders a document to an HTML fragment: semantic, accessible elements for every block, code
 * highlighted and formulas typeset at render time, raw HTML sanitized. No script is needed to
 * read the result.
 *
 * @example
 * const { html, headings } = await renderDocument(markdownToDocument('# Install\n\nRun it.'), {
 *   resolvePageUrl: (page, anchor) => `/docs/${page.replace(/\.md$/, '')}${anchor ? `#${anchor}` : ''}`,
 * });
 * // html: '<h1 id="install">Install</h1><p>Run it.</p>'
 * // headings: [{ id: 'install', text: 'Install', depth: 1 }]
 */
export async function renderDocument(
  document: Document,
  options: RenderOptions = {},
): Promise<RenderedDocument> {
  const { tree, headings } = await renderDocumentTree(document, options);
  return { html: toHtml(tree), headings };
}
