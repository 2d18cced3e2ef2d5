import type { HeadingBlock } from '@quire/document';
import type { CodeHighlighter } from './code.js';
import type { ResolvedRenderOptions } from './options.js';

/** What every renderer of one document shares. */
export interface RenderContext {
  options: ResolvedRenderOptions;
  highlighter: CodeHighlighter;
  /** The id of a heading, unique within the rendered page. */
  headingId(heading: HeadingBlock): string;
  /** A new name, unique within the page, for one group of tabs. */
  nextTabsName(): string;
  /** How many reusable contents are being rendered inside each other (to stop at a cycle). */
  includeDepth: number;
}
