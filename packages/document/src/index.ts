export { type ExpressionVariables, variableValues } from './analysis/expressions.js';
export { type DocumentLink, type LinkKind, type LinksOptions, links } from './analysis/links.js';
export { plainText } from './analysis/plain-text.js';
export {
  mapReusableContentBlocks,
  reusableContentRefs,
} from './analysis/reusable-content-refs.js';
export { type Section, sections } from './analysis/sections.js';
export { createSlugger, slugify } from './analysis/slugify.js';
export { updateTags } from './analysis/update-tags.js';
export { countWords, wordCount } from './analysis/word-count.js';
export {
  documentToMarkdown,
  markdownToDocument,
  type ReadMarkdownResult,
  readMarkdown,
} from './convert.js';
export {
  type FrontmatterMetaLinks,
  readFrontmatterMetaLinks,
  writeFrontmatterMetaLinks,
} from './frontmatter/meta-links.js';
export { fromGitBookDocument, GitBookDocumentError } from './gitbook-json/from-gitbook.js';
export type { GitBookDocument, GitBookNode } from './gitbook-json/gitbook-nodes.js';
export { toGitBookDocument } from './gitbook-json/to-gitbook.js';
export { htmlToMarkdown } from './html/pasted-html.js';
export { assignKeys } from './model/keys.js';
export { linkRefFromUrl, linkRefToUrl } from './model/link-ref.js';
export * from './types.js';
