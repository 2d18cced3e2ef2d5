import { HtmlRenderer, Parser } from 'commonmark';
import { documentToMarkdown, markdownToDocument } from '../../src/index.js';
import { normalizeHtml } from './normalize-html.js';

/** One CommonMark specification example. */
export interface SpecExample {
  number: number;
  section: string;
  markdown: string;
}

/** The outcome of round-tripping one example. */
export interface ExampleOutcome {
  example: SpecExample;
  roundTripped: string;
  matches: boolean;
  /** `documentToMarkdown(markdownToDocument(roundTripped)) === roundTripped`. */
  fixedPoint: boolean;
  originalHtml: string;
  roundTrippedHtml: string;
}

const parser = new Parser();
const renderer = new HtmlRenderer();

/** Renders Markdown with the CommonMark reference renderer. */
export function renderCommonMark(markdown: string): string {
  return renderer.render(parser.parse(markdown));
}

/** Round-trips an example and compares what a reader sees before and after. */
export function checkExample(example: SpecExample): ExampleOutcome {
  const roundTripped = documentToMarkdown(markdownToDocument(example.markdown));
  const again = documentToMarkdown(markdownToDocument(roundTripped));
  const originalHtml = normalizeHtml(renderCommonMark(example.markdown));
  const roundTrippedHtml = normalizeHtml(renderCommonMark(roundTripped));
  return {
    example,
    roundTripped,
    matches: originalHtml === roundTrippedHtml,
    fixedPoint: again === roundTripped,
    originalHtml,
    roundTrippedHtml,
  };
}
