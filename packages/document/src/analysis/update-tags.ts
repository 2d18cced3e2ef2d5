import type { Block, Document } from '../types.js';

/** The labels of a changelog entry's `tags` attribute (`tags="API, Fixes"` → `['API', 'Fixes']`). */
export function updateTagLabels(tags: string): string[] {
  return tags
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '');
}

/** Every tag label the changelog entries of a document name, in order, with repeats. */
export function updateTags(document: Document): string[] {
  const labels: string[] = [];
  const visit = (blocks: readonly Block[]) => {
    for (const block of blocks) {
      if (block.type === 'update' && block.data?.tags !== undefined) {
        labels.push(...updateTagLabels(block.data.tags));
      }
      if ('nodes' in block && block.nodes[0]?.object === 'block') visit(block.nodes as Block[]);
    }
  };
  visit(document.nodes);
  return labels;
}
