import {
  type Block,
  createSlugger,
  type Document,
  type HeadingBlock,
  plainText,
  SCHEMA_VERSION,
  sections,
} from '@quire/document';

/** A heading of the page, for a table of contents. */
export interface RenderedHeading {
  /** The heading's `id`, the anchor links to it use. */
  id: string;
  /** Its plain text. */
  text: string;
  /** Its level, 1–6. */
  depth: number;
}

/** Whether a block is a heading. */
export function isHeading(block: Block): block is HeadingBlock {
  return block.type === 'heading-1' || block.type === 'heading-2' || block.type === 'heading-3';
}

/** A heading's level, 1–6 (`heading-3` keeps Markdown's levels 4–6 in `data.level`). */
export function headingDepth(heading: HeadingBlock): number {
  if (heading.type === 'heading-1') return 1;
  if (heading.type === 'heading-2') return 2;
  return heading.data?.level ?? 3;
}

/** The plain text of a heading, as the document package reads it. */
function headingText(heading: HeadingBlock): string {
  return plainText({
    object: 'document',
    data: { schemaVersion: SCHEMA_VERSION },
    nodes: [heading],
  });
}

/** Page-unique ids for a document's headings, and its top-level headings for a table of contents. */
export interface HeadingIds {
  headings: RenderedHeading[];
  idOf(heading: HeadingBlock): string;
}

/**
 * Heading ids as the document package gives them: top-level headings take the anchors
 * `sections()` gives them (the anchors search results link to), so the two always agree.
 * Headings inside blocks (hints, tabs, table cells) take the next free slug of their explicit
 * anchor or text, from the same slugger, so no id repeats on the page.
 */
export function headingIds(document: Document): HeadingIds {
  const topLevel = document.nodes.filter(isHeading);
  const anchors = sections(document).filter((section) => section.level > 0);
  const ids = new Map<HeadingBlock, string>();
  const slugger = createSlugger();
  const headings: RenderedHeading[] = [];
  topLevel.forEach((heading, index) => {
    const section = anchors[index];
    const id = section?.anchor ?? slugger.slug(heading.data?.anchor ?? headingText(heading));
    ids.set(heading, id);
    headings.push({
      id,
      text: section?.title ?? headingText(heading),
      depth: headingDepth(heading),
    });
  });
  // Taken before any nested heading is named, so a nested heading never takes a top-level id.
  for (const id of ids.values()) slugger.slug(id);
  return {
    headings,
    idOf(heading) {
      let id = ids.get(heading);
      if (id === undefined) {
        id = slugger.slug(heading.data?.anchor ?? headingText(heading));
        ids.set(heading, id);
      }
      return id;
    },
  };
}
