export type { RenderedHeading } from './headings.js';
export type { CodeThemes, RenderOptions } from './options.js';
export {
  type RenderedDocument,
  type RenderedTree,
  renderDocument,
  renderDocumentTree,
} from './render.js';
export { safeUrl } from './urls.js';
