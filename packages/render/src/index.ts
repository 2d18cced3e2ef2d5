export { type CodeToken, highlightCodeTokens } from './code.js';
export type { RenderedHeading } from './headings.js';
export { openAPIReferences } from './openapi/references.js';
export type { OpenAPIReference, OpenAPISpec } from './openapi/spec.js';
export type { CodeThemes, RenderOptions } from './options.js';
export {
  type PdfBook,
  type PdfBookPage,
  type PdfImage,
  type PdfWriteOptions,
  pdfImageSources,
  writePdf,
} from './pdf/index.js';
export {
  type RenderedDocument,
  type RenderedTree,
  renderDocument,
  renderDocumentTree,
} from './render.js';
export { safeUrl } from './urls.js';
