import { headingLevel } from '../model/headings.js';
import type { Block, Document, HeadingBlock } from '../types.js';
import { blockLines, inlineText } from './plain-text.js';
import { createSlugger } from './slugify.js';

/** A part of a page between headings, for search. */
export interface Section {
  /** Heading text; empty for the text before the first heading. */
  title: string;
  /** Anchor of the heading, unique within the page; empty for the text before the first heading. */
  anchor: string;
  /** Heading level 1–6; 0 for the text before the first heading. */
  level: number;
  /** Key of the heading block, when there is one. */
  key?: string;
  /** Plain text of the blocks under the heading, up to the next heading. */
  text: string;
}

function isHeading(block: Block): block is HeadingBlock {
  return block.type === 'heading-1' || block.type === 'heading-2' || block.type === 'heading-3';
}

/**
 * Splits a document at its top-level headings. Text before the first heading forms a section
 * with an empty title, left out when there is none.
 *
 * @example
 * sections(markdownToDocument('Intro\n\n## Install\n\nRun it.'));
 * // [{ title: '', anchor: '', level: 0, text: 'Intro' },
 * //  { title: 'Install', anchor: 'install', level: 2, key: '…', text: 'Run it.' }]
 */
export function sections(document: Document): Section[] {
  const slugger = createSlugger();
  const result: Section[] = [];
  let current: Section = { title: '', anchor: '', level: 0, text: '' };
  let lines: string[] = [];
  const close = () => {
    current.text = lines.join('\n');
    if (current.level > 0 || current.text !== '') result.push(current);
  };
  for (const block of document.nodes) {
    if (!isHeading(block)) {
      lines.push(...blockLines(block));
      continue;
    }
    close();
    const title = inlineText(block.nodes);
    current = {
      title,
      anchor: slugger.slug(block.data?.anchor ?? title),
      level: headingLevel(block),
      text: '',
    };
    if (block.key !== undefined) current.key = block.key;
    lines = [];
  }
  close();
  return result;
}
