import type { RootContent } from 'mdast';
import type { ParsedTag } from '../liquid-tag/attributes.js';
import { parseTag } from '../liquid-tag/attributes.js';
import type { Block, OpenAPITag, TagAttributes } from '../types.js';
import type { readBlocks } from './blocks.js';
import type { ReadContext } from './context.js';

type ReadBlocks = typeof readBlocks;
type ClosingIndex = (nodes: readonly RootContent[], start: number) => number;

/** GitBook containers made of items, each between its own tags: tag → block and item types. */
const ITEM_CONTAINERS = {
  stepper: { item: 'step', type: 'stepper', itemType: 'stepper-step' },
  columns: { item: 'column', type: 'columns', itemType: 'column' },
  updates: { item: 'update', type: 'updates', itemType: 'update' },
} as const;

const OPENAPI_TAGS: readonly OpenAPITag[] = [
  'openapi',
  'openapi-operation',
  'openapi-schemas',
  'openapi-webhook',
  'swagger',
];

/** Whether a tag opens one of the containers read here. */
export function isTagContainer(name: string): boolean {
  return name in ITEM_CONTAINERS || name === 'prompt' || isOpenAPITag(name);
}

function isOpenAPITag(name: string): name is OpenAPITag {
  return OPENAPI_TAGS.some((tag) => tag === name);
}

const withData = (attributes: TagAttributes) =>
  Object.keys(attributes).length > 0 ? { data: { ...attributes } } : {};

/**
 * Reads a stepper, columns, changelog, prompt or OpenAPI block from the nodes between its
 * opening and closing tags; `undefined` when they are not what the container holds (the tags
 * are then kept verbatim and the content read on its own).
 */
export function readTagContainer(
  tag: ParsedTag,
  inner: readonly RootContent[],
  context: ReadContext,
  nested: boolean,
  readBlocks: ReadBlocks,
  closingIndex: ClosingIndex,
): Block | undefined {
  const { name, attributes } = tag;
  if (name === 'prompt') {
    return {
      object: 'block',
      type: 'prompt',
      ...withData(attributes),
      nodes: readBlocks(inner, context, nested),
    };
  }
  if (isOpenAPITag(name)) {
    const nodes = readBlocks(inner, context, nested);
    return {
      object: 'block',
      type: 'openapi',
      data: { tag: name, attributes: { ...attributes } },
      nodes,
    };
  }
  if (!(name in ITEM_CONTAINERS)) return undefined;
  const container = ITEM_CONTAINERS[name as keyof typeof ITEM_CONTAINERS];
  const items: { attributes: TagAttributes; nodes: Block[] }[] = [];
  let index = 0;
  while (index < inner.length) {
    const open = inner[index];
    const item = open?.type === 'liquidTag' ? parseTag(open.value) : undefined;
    if (item?.name !== container.item) return undefined;
    const end = closingIndex(inner, index);
    if (end === -1) return undefined;
    items.push({
      attributes: item.attributes,
      nodes: readBlocks(inner.slice(index + 1, end), context, nested, {
        before: open,
        after: inner[end],
      }),
    });
    index = end + 1;
  }
  if (container.type === 'stepper') {
    if (
      Object.keys(attributes).length > 0 ||
      items.some((item) => Object.keys(item.attributes).length > 0)
    ) {
      return undefined;
    }
    const nodes = items.map((item) => ({
      object: 'block' as const,
      type: 'stepper-step' as const,
      nodes: item.nodes,
    }));
    return { object: 'block', type: 'stepper', nodes };
  }
  if (container.type === 'columns') {
    if (Object.keys(attributes).length > 0) return undefined;
    const nodes = items.map((item) => ({
      object: 'block' as const,
      type: 'column' as const,
      ...withData(item.attributes),
      nodes: item.nodes,
    }));
    return { object: 'block', type: 'columns', nodes };
  }
  const nodes = items.map((item) => ({
    object: 'block' as const,
    type: 'update' as const,
    ...withData(item.attributes),
    nodes: item.nodes,
  }));
  return { object: 'block', type: 'updates', ...withData(attributes), nodes };
}

const INCLUDE = /^include\s+"([^"%]*)"$/;

/** `{% include "…" %}`: a reference to reusable content. */
export function readInclude(value: string): Block | undefined {
  const match = INCLUDE.exec(value);
  if (match?.[1] === undefined) return undefined;
  return {
    object: 'block',
    type: 'reusable-content',
    isVoid: true,
    data: { ref: { kind: 'reusable-content', reusableContent: match[1] } },
  };
}
