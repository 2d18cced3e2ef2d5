import { inlineText } from '../analysis/plain-text.js';
import { slugify } from '../analysis/slugify.js';
import { updateTagLabels } from '../analysis/update-tags.js';
import { linkRefFromUrl } from '../model/link-ref.js';
import { isCellBlocks } from '../model/table-cells.js';
import type {
  Block,
  Document,
  ImageBlock,
  Inline,
  InlineContent,
  Leaf,
  LinkRef,
  Mark,
  OpenAPIBlock,
  TableBlock,
  TableCellBlock,
  Text,
} from '../types.js';
import {
  type GitBookContentRef,
  type GitBookDocument,
  type GitBookNode,
  headingIdPattern,
  textColors,
  withMarkdown,
} from './gitbook-nodes.js';

/**
 * A document in GitBook's JSON shape, as the API answers it: every block, inline and mark as
 * GitBook's schema describes it, and what only Markdown needs in each node's `markdown`.
 * `fromGitBookDocument` reads it back as the same document.
 *
 * @example
 * toGitBookDocument(markdownToDocument('# Install\n')).nodes[0];
 * // { object: 'block', type: 'heading-1', data: {}, nodes: [{ object: 'text', leaves: [...] }] }
 */
export function toGitBookDocument(document: Document): GitBookDocument {
  return { object: 'document', data: { ...document.data }, nodes: document.nodes.map(block) };
}

/** The blocks of a document in GitBook's shape (a fragment's or a container's). */
export function toGitBookBlocks(blocks: readonly Block[]): GitBookNode[] {
  return blocks.map(block);
}

function keyed(source: { key?: string }, node: Omit<GitBookNode, 'key'>): GitBookNode {
  const { object, type, ...rest } = node;
  return source.key === undefined
    ? { object, type, ...rest }
    : { object, type, key: source.key, ...rest };
}

function block(node: Block): GitBookNode {
  switch (node.type) {
    case 'paragraph':
      return keyed(node, {
        object: 'block',
        type: node.type,
        data: {},
        nodes: inlines(node.nodes),
      });
    case 'heading-1':
    case 'heading-2':
    case 'heading-3': {
      const anchor = node.data?.anchor;
      const isId = anchor !== undefined && headingIdPattern.test(anchor);
      return withMarkdown(
        keyed(node, {
          object: 'block',
          type: node.type,
          data: isId ? { id: anchor } : {},
          nodes: inlines(node.nodes),
        }),
        { level: node.data?.level, anchor: isId ? undefined : anchor },
      );
    }
    case 'list-ordered':
    case 'list-unordered':
    case 'list-tasks':
      return withMarkdown(
        keyed(node, {
          object: 'block',
          type: node.type,
          data:
            node.type === 'list-ordered' && node.data?.start !== undefined
              ? { start: node.data.start }
              : {},
          nodes: node.nodes.map(block),
        }),
        {
          loose: node.data?.loose,
          start: node.type !== 'list-ordered' ? node.data?.start : undefined,
        },
      );
    case 'list-item':
      return keyed(node, {
        object: 'block',
        type: node.type,
        data: node.data === undefined ? {} : { checked: node.data.checked },
        nodes: node.nodes.map(block),
      });
    case 'blockquote':
    case 'tabs':
    case 'stepper':
      return keyed(node, {
        object: 'block',
        type: node.type,
        data: {},
        nodes: node.nodes.map(block),
      });
    case 'stepper-step':
      return keyed(node, {
        object: 'block',
        type: node.type,
        data: {},
        nodes: node.nodes.map(block),
      });
    case 'code': {
      const { meta, ...data } = node.data ?? {};
      return withMarkdown(
        keyed(node, { object: 'block', type: node.type, data, nodes: node.nodes.map(block) }),
        { meta },
      );
    }
    case 'code-line':
      return keyed(node, {
        object: 'block',
        type: node.type,
        data: {},
        nodes: node.nodes.map(text),
      });
    case 'hint':
    case 'tabs-item':
      return keyed(node, {
        object: 'block',
        type: node.type,
        data: { ...node.data },
        nodes: node.nodes.map(block),
      });
    case 'table':
      return table(node);
    case 'table-row':
    case 'table-cell':
      throw new Error(`A ${node.type} block outside a table has no GitBook shape`);
    case 'images':
      return images(node);
    case 'image':
      return image(node);
    case 'divider':
      return keyed(node, { object: 'block', type: node.type, data: {}, isVoid: true });
    case 'math':
      return keyed(node, {
        object: 'block',
        type: node.type,
        data: { ...node.data },
        isVoid: true,
      });
    case 'expandable':
      return keyed(node, {
        object: 'block',
        type: 'expandable',
        data: node.data.open === true ? { defaultExpanded: true } : {},
        isVoid: true,
        fragments: [
          {
            object: 'fragment',
            fragment: 'expandable-title',
            type: 'expandable-title',
            nodes: [
              {
                object: 'block',
                type: 'paragraph',
                data: {},
                nodes: [textNode(node.data.title)],
              },
            ],
          },
          {
            object: 'fragment',
            fragment: 'expandable-body',
            type: 'expandable-body',
            nodes: node.nodes.map(block),
          },
        ],
      });
    case 'embed':
      return withMarkdown(
        keyed(node, {
          object: 'block',
          type: node.type,
          data: { url: node.data.url },
          isVoid: true,
        }),
        { caption: node.data.caption },
      );
    case 'file':
      return withMarkdown(
        keyed(node, {
          object: 'block',
          type: node.type,
          data: { ref: { kind: 'file', file: node.data.src } },
          isVoid: true,
        }),
        { caption: node.data.caption },
      );
    case 'content-ref':
      return withMarkdown(
        keyed(node, {
          object: 'block',
          type: 'content-ref',
          data: { ref: contentRef(linkRefFromUrl(node.data.url)) },
          isVoid: true,
        }),
        { url: node.data.url, nodes: node.nodes.length > 0 ? node.nodes.map(block) : undefined },
      );
    case 'page-ref':
      return withMarkdown(
        keyed(node, {
          object: 'block',
          type: 'content-ref',
          data: { ref: contentRef(linkRefFromUrl(node.data.page)) },
          isVoid: true,
        }),
        { tag: 'page-ref', url: node.data.page },
      );
    case 'columns':
      return keyed(node, {
        object: 'block',
        type: node.type,
        data: {},
        nodes: node.nodes.map(block),
        isVoid: false,
      });
    case 'column': {
      const width = lengthOf(node.data?.width);
      return withMarkdown(
        keyed(node, {
          object: 'block',
          type: node.type,
          data: width === undefined ? {} : { width },
          nodes: node.nodes.map(block),
        }),
        { attributes: node.data ?? null },
      );
    }
    case 'updates':
      return withMarkdown(
        keyed(node, {
          object: 'block',
          type: node.type,
          data: { format: updatesFormat(node.data?.format) },
          nodes: node.nodes.map(block),
        }),
        { attributes: node.data ?? null },
      );
    case 'update':
      return withMarkdown(
        keyed(node, {
          object: 'block',
          type: node.type,
          data: {
            date: node.data?.date ?? '',
            ...(node.data?.tags === undefined ? {} : { tags: tagRefs(node.data.tags) }),
          },
          nodes: node.nodes.map(block),
        }),
        { attributes: node.data ?? null },
      );
    case 'prompt':
      return withMarkdown(
        keyed(node, { object: 'block', type: node.type, data: {}, nodes: node.nodes.map(block) }),
        { attributes: node.data ?? null },
      );
    case 'reusable-content':
      return keyed(node, {
        object: 'block',
        type: node.type,
        data: { ref: { ...node.data.ref } },
        isVoid: true,
      });
    case 'openapi':
      return openapi(node);
    case 'conditional':
      return keyed(node, {
        object: 'block',
        type: 'if',
        data: { expression: node.data.condition },
        nodes: node.nodes.map(block),
      });
    case 'raw':
      // GitBook has no block of raw Markdown: it shows as the Markdown it is, in a code block.
      return withMarkdown(
        keyed(node, {
          object: 'block',
          type: 'code',
          data: { syntax: 'markdown' },
          nodes: node.data.markdown.split('\n').map((line) => ({
            object: 'block',
            type: 'code-line',
            data: {},
            nodes: [textNode(line)],
          })),
        }),
        { raw: true },
      );
  }
}

function inlines(nodes: readonly InlineContent[]): GitBookNode[] {
  return nodes.map((node) => (node.object === 'text' ? text(node) : inline(node)));
}

function text(node: Text): GitBookNode {
  return { object: 'text', leaves: node.leaves.map(leaf) };
}

function textNode(value: string): GitBookNode {
  return { object: 'text', leaves: [{ object: 'leaf', text: value, marks: [] }] };
}

function leaf(node: Leaf): GitBookNode {
  return { object: 'leaf', text: node.text, marks: node.marks.map(mark) };
}

function mark(node: Mark): GitBookNode {
  if (node.type !== 'color') return { object: 'mark', type: node.type };
  const { text: color, background } = node.data;
  const named = (value: string | undefined) =>
    value === undefined || textColors.has(value) ? (value ?? 'default') : 'default';
  return withMarkdown(
    {
      object: 'mark',
      type: 'color',
      data: { text: named(color), background: named(background) },
    },
    {
      // What GitBook's two required colours cannot say: which was set, and colours it lacks.
      text: color !== undefined && color !== named(color) ? color : undefined,
      background:
        background !== undefined && background !== named(background) ? background : undefined,
      set: [color === undefined ? '' : 'text', background === undefined ? '' : 'background']
        .filter(Boolean)
        .join(','),
    },
  );
}

function inline(node: Inline): GitBookNode {
  switch (node.type) {
    case 'link':
      return withMarkdown(
        {
          object: 'inline',
          type: 'link',
          data: { ref: contentRef(node.data.ref) },
          isVoid: false,
          nodes: inlines(node.nodes),
        },
        { title: node.data.title },
      );
    case 'inline-image': {
      const { src, srcDark, alt, title } = node.data;
      return withMarkdown(
        {
          object: 'inline',
          type: 'inline-image',
          data: {
            ref: { kind: 'url', url: src },
            ...(srcDark === undefined ? {} : { refDark: { kind: 'url', url: srcDark } }),
            ...(alt === undefined ? {} : { alt }),
          },
          isVoid: true,
        },
        { title },
      );
    }
    case 'inline-math':
    case 'expression':
    case 'emoji':
    case 'icon':
      return { object: 'inline', type: node.type, data: { ...node.data }, isVoid: true };
    case 'mention':
      return withMarkdown(
        {
          object: 'inline',
          type: 'mention',
          data: { ref: { kind: 'user', user: node.data.user } },
          isVoid: true,
        },
        { label: node.data.label },
      );
    case 'button': {
      const { kind, label, ref, action, query, icon } = node.data;
      const known = action === 'ask' || action === 'search';
      return withMarkdown(
        {
          object: 'inline',
          type: 'button',
          data: {
            label,
            kind,
            ...(icon === undefined ? {} : { icon }),
            ...(ref !== undefined ? { ref: contentRef(ref) } : {}),
            ...(known ? { action: { action, ...(query === undefined ? {} : { query }) } } : {}),
          },
          isVoid: true,
        },
        {
          action: known ? undefined : action,
          query: known ? undefined : query,
        },
      );
    }
    case 'raw':
      // Inline Markdown GitBook has no node for reads as its text.
      return withMarkdown(textNode(node.data.markdown), { raw: true });
  }
}

/** A Markdown link's target as GitBook's content reference. */
export function contentRef(ref: LinkRef): GitBookContentRef {
  switch (ref.kind) {
    case 'url':
      return { kind: 'url', url: ref.url };
    case 'file':
      return { kind: 'file', file: ref.file };
    case 'anchor':
      return { kind: 'anchor', anchor: ref.anchor };
    case 'page':
      return ref.anchor === undefined
        ? { kind: 'page', page: ref.page }
        : { kind: 'anchor', anchor: ref.anchor, page: ref.page };
  }
}

function images(node: Extract<Block, { type: 'images' }>): GitBookNode {
  // GitBook sets alignment, width and frame on the group; Quire on each image (as GitBook's
  // Markdown writes them), so the group shows the first image's.
  const first = node.nodes[0]?.data;
  return keyed(node, {
    object: 'block',
    type: 'images',
    data: {
      ...(first?.align === undefined ? {} : { align: first.align }),
      ...(first?.fullWidth === undefined ? {} : { fullWidth: first.fullWidth }),
      ...(first?.frame === undefined ? {} : { withFrame: first.frame }),
    },
    nodes: node.nodes.map(image),
    isVoid: false,
  });
}

function image(node: ImageBlock): GitBookNode {
  const { src, srcDark, alt, caption, width, title, frame, fullWidth, align } = node.data;
  const length = lengthOf(width);
  return withMarkdown(
    keyed(node, {
      object: 'block',
      type: 'image',
      data: {
        ref: { kind: 'url', url: src },
        ...(srcDark === undefined ? {} : { refDark: { kind: 'url', url: srcDark } }),
        ...(length === undefined ? {} : { width: length }),
        ...(alt === undefined ? {} : { alt }),
      },
      fragments:
        caption === undefined || caption === ''
          ? []
          : [
              {
                object: 'fragment',
                fragment: 'caption',
                nodes: [
                  { object: 'block', type: 'paragraph', data: {}, nodes: [textNode(caption)] },
                ],
              },
            ],
      isVoid: true,
    }),
    {
      caption: caption === '' ? '' : undefined,
      width,
      title,
      frame,
      fullWidth,
      align,
    },
  );
}

/** `"300"` → 300, `"50%"` → `{ value: 50, unit: '%' }`; anything else has no GitBook length. */
function lengthOf(value: string | undefined): number | { value: number; unit: string } | undefined {
  if (value === undefined) return undefined;
  const match = /^(\d+(?:\.\d+)?)(px|%)?$/.exec(value.trim());
  if (match === null) return undefined;
  const number = Number(match[1]);
  return match[2] === '%' ? { value: number, unit: '%' } : number;
}

function updatesFormat(value: string | undefined): string {
  return value === 'numeric' || value === 'short' ? value : 'full';
}

function tagRefs(tags: string): GitBookContentRef[] {
  return updateTagLabels(tags).map((label) => ({ kind: 'tag', tag: slugify(label) }));
}

/** GitBook's OpenAPI blocks: an operation, schemas or a webhook of a spec, or an older `swagger`. */
function openapi(node: OpenAPIBlock): GitBookNode {
  const { tag, attributes } = node.data;
  const details = {
    tag,
    attributes,
    nodes: node.nodes.length > 0 ? node.nodes.map(block) : undefined,
  };
  const base = { object: 'block' as const, isVoid: true };
  if (tag === 'openapi-schemas') {
    const schemas = (attributes.schemas ?? '')
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean);
    return withMarkdown(
      keyed(node, {
        ...base,
        type: 'openapi-schemas',
        data: {
          ref: { kind: 'openapi', spec: attributes.spec ?? '' },
          schemas,
          ...(attributes.grouped === undefined ? {} : { grouped: attributes.grouped !== 'false' }),
        },
      }),
      details,
    );
  }
  if (tag === 'openapi-webhook') {
    return withMarkdown(
      keyed(node, {
        ...base,
        type: 'openapi-webhook',
        data: {
          ref: { kind: 'openapi', spec: attributes.spec ?? '' },
          name: attributes.name ?? '',
          method: attributes.method ?? '',
        },
      }),
      details,
    );
  }
  const pointer = { path: attributes.path ?? '', method: attributes.method ?? '' };
  if (tag === 'openapi-operation' || (tag === 'openapi' && attributes.spec !== undefined)) {
    return withMarkdown(
      keyed(node, {
        ...base,
        type: 'openapi-operation',
        data: { ref: { kind: 'openapi', spec: attributes.spec ?? '' }, ...pointer },
      }),
      details,
    );
  }
  // `{% swagger %}` and `{% openapi src=… %}` name the spec by its URL (or an uploaded file).
  const source = attributes.src ?? attributes.url ?? '';
  return withMarkdown(
    keyed(node, {
      ...base,
      type: 'swagger',
      data: { ref: contentRefOfSource(source), ...pointer },
    }),
    details,
  );
}

function contentRefOfSource(source: string): GitBookContentRef {
  return /^[a-z][a-z\d+.-]*:/i.test(source) || source.startsWith('/')
    ? { kind: 'url', url: source }
    : { kind: 'file', file: source };
}

/** A table as GitBook's: a column definition each, a record each body row, a fragment each cell. */
function table(node: TableBlock): GitBookNode {
  const [header, ...body] = node.nodes;
  const columnCount = Math.max(
    node.data.align.length,
    ...node.nodes.map((row) => row.nodes.length),
  );
  const columnIds = Array.from({ length: columnCount }, (_, index) => `c${index}`);
  const columns = node.data.columns ?? [];
  const definition: Record<string, unknown> = {};
  for (const [index, id] of columnIds.entries()) {
    const cell = header?.nodes[index];
    const align = node.data.align[index];
    const verticalAlign = columns[index]?.verticalAlign;
    definition[id] = {
      id,
      title: cell === undefined ? '' : cellText(cell),
      type: 'text',
      textAlignment: align === null || align === undefined ? 'left' : align,
      ...(verticalAlign === undefined ? {} : { verticalAlignment: verticalAlign }),
    };
  }
  const shown = columnIds.filter((_, index) => columns[index]?.hidden !== true);
  const marked = (flag: 'cardTarget' | 'cardCover' | 'cardCoverDark') => {
    const index = columns.findIndex((column) => column[flag] === true);
    return index === -1 ? undefined : columnIds[index];
  };
  const view =
    node.data.view === 'cards'
      ? {
          type: 'cards',
          columns: shown,
          cardSize: node.data.cardSize === 'large' ? 'large' : 'medium',
          ...optional('targetDefinition', marked('cardTarget')),
          ...optional('coverDefinition', marked('cardCover')),
          ...optional('coverDefinitionDark', marked('cardCoverDark')),
          ...optional('wrap', node.data.cardWrap),
        }
      : { type: 'grid', columns: shown, hideHeader: false };
  const fragments: GitBookNode[] = [];
  const cellFragment = (cell: TableCellBlock, id: string) => {
    const blocks = isCellBlocks(cell.nodes);
    fragments.push(
      withMarkdown(
        {
          object: 'fragment',
          ...(cell.key === undefined ? {} : { key: cell.key }),
          fragment: id,
          type: 'table-cell',
          nodes: blocks
            ? (cell.nodes as Block[]).map(block)
            : [
                {
                  object: 'block',
                  type: 'paragraph',
                  data: {},
                  nodes: inlines(cell.nodes as InlineContent[]),
                },
              ],
        },
        { blocks: blocks ? true : undefined },
      ),
    );
    return id;
  };
  for (const [index, cell] of (header?.nodes ?? []).entries()) cellFragment(cell, `h${index}`);
  const records: Record<string, unknown> = {};
  for (const [rowIndex, row] of body.entries()) {
    const values: Record<string, string> = {};
    for (const [index, cell] of row.nodes.entries()) {
      values[columnIds[index] ?? `c${index}`] = cellFragment(cell, `r${rowIndex}c${index}`);
    }
    records[`r${rowIndex}`] = { orderIndex: orderIndexOf(rowIndex), values };
  }
  const {
    align,
    columns: columnSettings,
    view: shownAs,
    cardSize,
    cardWrap,
    search,
    fullWidth,
  } = node.data;
  return withMarkdown(
    keyed(node, {
      object: 'block',
      type: 'table',
      data: {
        view,
        records,
        definition,
        ...optional('fullWidth', fullWidth),
        ...optional('search', search),
      },
      isVoid: true,
      fragments,
    }),
    {
      align,
      columns: columnSettings,
      view: shownAs,
      cardSize,
      cardWrap,
      rows: node.nodes.map((row) => ({
        ...(row.key === undefined ? {} : { key: row.key }),
        cells: row.nodes.length,
      })),
    },
  );
}

/** Sorts as the row's place: `a0000`, `a0001`, … */
function orderIndexOf(index: number): string {
  return `a${String(index).padStart(5, '0')}`;
}

function cellText(cell: TableCellBlock): string {
  if (!isCellBlocks(cell.nodes)) return inlineText(cell.nodes as InlineContent[]);
  return (cell.nodes as Block[])
    .map((child) => ('nodes' in child ? inlineText(child.nodes as InlineContent[]) : ''))
    .join(' ');
}

function optional<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}
