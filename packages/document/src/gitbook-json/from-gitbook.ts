import { linkRefToUrl } from '../model/link-ref.js';
import type {
  Block,
  Document,
  HintStyle,
  ImageBlock,
  ImageData,
  Inline,
  InlineContent,
  Leaf,
  LinkRef,
  Mark,
  OpenAPITag,
  TableAlign,
  TableBlock,
  TableCellBlock,
  TableColumn,
  TableRowBlock,
  TableView,
  TagAttributes,
  Text,
} from '../types.js';
import { SCHEMA_VERSION } from '../types.js';
import { headingIdPattern } from './gitbook-nodes.js';

/** A node of a document sent in GitBook's shape that Quire cannot read, with where it is. */
export class GitBookDocumentError extends Error {
  constructor(
    message: string,
    /** Where the node is, as a path from the document (`nodes.2.nodes.0`). */
    readonly at: string,
  ) {
    super(`${at} ${message}`);
    this.name = 'GitBookDocumentError';
  }
}

type Json = Record<string, unknown>;

/**
 * A document sent in GitBook's JSON shape (or answered by `toGitBookDocument`) as Quire's
 * document: GitBook's blocks, inlines and marks, with the `markdown` details Quire answered put
 * back. A node Quire has no model for (a drawing, an integration block) is a
 * {@link GitBookDocumentError}.
 */
export function fromGitBookDocument(input: unknown): Document {
  const document = record(input, 'document');
  const data = isRecord(document.data) ? document.data : {};
  return {
    object: 'document',
    data: {
      ...data,
      schemaVersion: typeof data.schemaVersion === 'number' ? data.schemaVersion : SCHEMA_VERSION,
    },
    nodes: list(document.nodes, 'nodes').map((node, index) => block(node, `nodes.${index}`)),
  };
}

function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function record(value: unknown, at: string): Json {
  if (!isRecord(value)) throw new GitBookDocumentError('is not an object', at);
  return value;
}

function list(value: unknown, at: string): unknown[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw new GitBookDocumentError('is not a list', at);
  return value;
}

function string(value: unknown, at: string): string {
  if (typeof value !== 'string') throw new GitBookDocumentError('is not a string', at);
  return value;
}

const optionalString = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : undefined;

function keyOf(node: Json): { key?: string } {
  return typeof node.key === 'string' ? { key: node.key } : {};
}

function detailsOf(node: Json): Json {
  return isRecord(node.markdown) ? node.markdown : {};
}

function dataOf(node: Json): Json {
  return isRecord(node.data) ? node.data : {};
}

function children(node: Json, at: string): Block[] {
  return list(node.nodes, `${at}.nodes`).map((child, index) =>
    block(child, `${at}.nodes.${index}`),
  );
}

function block(value: unknown, at: string): Block {
  const node = record(value, at);
  if (node.object !== 'block') throw new GitBookDocumentError('is not a block', at);
  const type = string(node.type, `${at}.type`);
  const data = dataOf(node);
  const details = detailsOf(node);
  const key = keyOf(node);
  switch (type) {
    case 'paragraph':
      return { object: 'block', ...key, type, nodes: inlines(node, at) };
    case 'heading-1':
    case 'heading-2':
    case 'heading-3': {
      const anchor =
        optionalString(details.anchor) ??
        (typeof data.id === 'string' && headingIdPattern.test(data.id) ? data.id : undefined);
      const level: 4 | 5 | 6 | undefined =
        details.level === 4 || details.level === 5 || details.level === 6
          ? details.level
          : undefined;
      const headingData = {
        ...(level === undefined ? {} : { level }),
        ...(anchor === undefined ? {} : { anchor }),
      };
      return {
        object: 'block',
        ...key,
        type,
        ...(Object.keys(headingData).length === 0 ? {} : { data: headingData }),
        nodes: inlines(node, at),
      };
    }
    case 'list-ordered':
    case 'list-unordered':
    case 'list-tasks': {
      const start =
        typeof data.start === 'number'
          ? data.start
          : typeof details.start === 'number'
            ? details.start
            : undefined;
      const listData = {
        ...(start === undefined ? {} : { start }),
        ...(details.loose === true ? { loose: true as const } : {}),
      };
      return {
        object: 'block',
        ...key,
        type,
        ...(Object.keys(listData).length === 0 ? {} : { data: listData }),
        nodes: children(node, at).map((item, index) => {
          if (item.type !== 'list-item') {
            throw new GitBookDocumentError('is not a list-item', `${at}.nodes.${index}`);
          }
          return item;
        }),
      };
    }
    case 'list-item':
      return {
        object: 'block',
        ...key,
        type,
        ...(typeof data.checked === 'boolean' ? { data: { checked: data.checked } } : {}),
        nodes: children(node, at),
      };
    case 'blockquote':
    case 'stepper':
    case 'stepper-step':
    case 'columns':
    case 'tabs':
      return { object: 'block', ...key, type, nodes: children(node, at) } as Block;
    case 'code': {
      if (details.raw === true) {
        const markdown = list(node.nodes, `${at}.nodes`)
          .map((line, index) => codeLineText(line, `${at}.nodes.${index}`))
          .join('\n');
        return { object: 'block', ...key, type: 'raw', isVoid: true, data: { markdown } };
      }
      const codeData = {
        ...pick(data, ['syntax', 'title', 'overflow'], 'string'),
        ...pick(data, ['lineNumbers', 'expandable'], 'boolean'),
        ...(typeof details.meta === 'string' ? { meta: details.meta } : {}),
      };
      return {
        object: 'block',
        ...key,
        type,
        ...(Object.keys(codeData).length === 0 ? {} : { data: codeData }),
        nodes: list(node.nodes, `${at}.nodes`).map((line, index) => {
          const lineAt = `${at}.nodes.${index}`;
          const lineNode = record(line, lineAt);
          return {
            object: 'block',
            ...keyOf(lineNode),
            type: 'code-line',
            nodes: [
              {
                object: 'text',
                leaves: [{ object: 'leaf', text: codeLineText(line, lineAt), marks: [] }],
              },
            ],
          };
        }),
      };
    }
    case 'hint': {
      const style = data.style;
      if (style !== 'info' && style !== 'success' && style !== 'warning' && style !== 'danger') {
        throw new GitBookDocumentError('has no hint style', `${at}.data.style`);
      }
      return {
        object: 'block',
        ...key,
        type,
        data: { style: style as HintStyle, ...pick(data, ['icon'], 'string') },
        nodes: children(node, at),
      };
    }
    case 'tabs-item':
      return {
        object: 'block',
        ...key,
        type,
        data: { title: optionalString(data.title) ?? '', ...pick(data, ['icon'], 'string') },
        nodes: children(node, at),
      };
    case 'table':
      return table(node, at);
    case 'images':
      return {
        object: 'block',
        ...key,
        type,
        nodes: children(node, at).map((image, index) => {
          if (image.type !== 'image')
            throw new GitBookDocumentError('is not an image', `${at}.nodes.${index}`);
          return image;
        }),
      };
    case 'image':
      return image(node, at);
    case 'divider':
      return { object: 'block', ...key, type, isVoid: true };
    case 'math':
      return {
        object: 'block',
        ...key,
        type,
        isVoid: true,
        data: { formula: string(data.formula, `${at}.data.formula`) },
      };
    case 'expandable': {
      const fragments = list(node.fragments, `${at}.fragments`).map((fragment, index) =>
        record(fragment, `${at}.fragments.${index}`),
      );
      const title = fragments.find((fragment) => fragment.fragment === 'expandable-title');
      const body = fragments.find((fragment) => fragment.fragment === 'expandable-body');
      const titleText = title === undefined ? '' : fragmentText(title, `${at}.fragments`);
      return {
        object: 'block',
        ...key,
        type,
        data: {
          title: titleText,
          ...(data.defaultExpanded === true ? { open: true as const } : {}),
        },
        nodes: body === undefined ? [] : children(body, `${at}.fragments.body`),
      };
    }
    case 'embed':
      return {
        object: 'block',
        ...key,
        type,
        isVoid: true,
        data: { url: string(data.url, `${at}.data.url`), ...pick(details, ['caption'], 'string') },
      };
    case 'file': {
      const ref = record(data.ref, `${at}.data.ref`);
      return {
        object: 'block',
        ...key,
        type,
        isVoid: true,
        data: {
          src: string(ref.file ?? ref.url, `${at}.data.ref.file`),
          ...pick(details, ['caption'], 'string'),
        },
      };
    }
    case 'content-ref': {
      const url = optionalString(details.url) ?? linkRefToUrl(linkRef(data.ref, `${at}.data.ref`));
      if (details.tag === 'page-ref')
        return { object: 'block', ...key, type: 'page-ref', isVoid: true, data: { page: url } };
      const nested = list(details.nodes, `${at}.markdown.nodes`).map((child, index) =>
        block(child, `${at}.markdown.nodes.${index}`),
      );
      return { object: 'block', ...key, type, data: { url }, nodes: nested };
    }
    case 'column': {
      const attributes = attributesOf(details.attributes) ?? widthAttributes(data.width);
      return {
        object: 'block',
        ...key,
        type,
        ...(attributes === undefined ? {} : { data: attributes }),
        nodes: children(node, at),
      };
    }
    case 'updates':
    case 'prompt': {
      const attributes =
        attributesOf(details.attributes) ??
        (type === 'updates' && typeof data.format === 'string' && data.format !== 'full'
          ? { format: data.format }
          : undefined);
      return {
        object: 'block',
        ...key,
        type,
        ...(attributes === undefined ? {} : { data: attributes }),
        nodes: children(node, at),
      } as Block;
    }
    case 'update': {
      const attributes = fromWritten(writtenAttributes(details), () => updateAttributes(data));
      return {
        object: 'block',
        ...key,
        type,
        ...(attributes === undefined ? {} : { data: attributes }),
        nodes: children(node, at),
      };
    }
    case 'reusable-content': {
      const ref = record(data.ref, `${at}.data.ref`);
      return {
        object: 'block',
        ...key,
        type,
        isVoid: true,
        data: {
          ref: {
            kind: 'reusable-content',
            reusableContent: string(ref.reusableContent, `${at}.data.ref.reusableContent`),
            ...pick(ref, ['space'], 'string'),
          },
        },
      };
    }
    case 'openapi-operation':
    case 'openapi-schemas':
    case 'openapi-webhook':
    case 'swagger':
      return openapi(node, type, at);
    case 'if':
      return {
        object: 'block',
        ...key,
        type: 'conditional',
        data: { condition: string(data.expression, `${at}.data.expression`) },
        nodes: children(node, at),
      };
    default:
      throw new GitBookDocumentError(`is a ${type} block, which Quire cannot hold`, at);
  }
}

function codeLineText(value: unknown, at: string): string {
  const line = record(value, at);
  return list(line.nodes, `${at}.nodes`)
    .map((child, index) => {
      const text = record(child, `${at}.nodes.${index}`);
      if (text.object !== 'text')
        throw new GitBookDocumentError('is not text', `${at}.nodes.${index}`);
      return list(text.leaves, `${at}.nodes.${index}.leaves`)
        .map((leafValue, leafIndex) =>
          string(
            record(leafValue, `${at}.nodes.${index}.leaves.${leafIndex}`).text,
            `${at}.nodes.${index}.leaves.${leafIndex}.text`,
          ),
        )
        .join('');
    })
    .join('');
}

function fragmentText(fragment: Json, at: string): string {
  return list(fragment.nodes, at)
    .map((child, index) => {
      const paragraph = block(child, `${at}.${index}`);
      return 'nodes' in paragraph ? inlineTextOf(paragraph.nodes as InlineContent[]) : '';
    })
    .join('');
}

function inlineTextOf(nodes: readonly InlineContent[]): string {
  return nodes
    .map((node) => (node.object === 'text' ? node.leaves.map((leaf) => leaf.text).join('') : ''))
    .join('');
}

function pick(source: Json, names: readonly string[], kind: 'string' | 'boolean'): Json {
  const picked: Json = {};
  for (const name of names) if (typeof source[name] === kind) picked[name] = source[name];
  return picked;
}

/**
 * The attributes of a GitBook tag as Quire answered them: `null` for a tag written without any;
 * `undefined` when the node does not say (a GitBook client wrote it).
 */
function writtenAttributes(details: Json): TagAttributes | null | undefined {
  if (details.attributes === null) return null;
  return attributesOf(details.attributes);
}

function attributesOf(value: unknown): TagAttributes | undefined {
  if (!isRecord(value)) return undefined;
  const attributes: TagAttributes = {};
  for (const [name, item] of Object.entries(value))
    if (typeof item === 'string') attributes[name] = item;
  return attributes;
}

function fromWritten(
  written: TagAttributes | null | undefined,
  fromData: () => TagAttributes | undefined,
): TagAttributes | undefined {
  if (written === null) return undefined;
  return written ?? fromData();
}

function widthAttributes(width: unknown): TagAttributes | undefined {
  if (typeof width === 'number') return { width: String(width) };
  if (isRecord(width) && typeof width.value === 'number' && typeof width.unit === 'string') {
    return { width: `${width.value}${width.unit}` };
  }
  return undefined;
}

function updateAttributes(data: Json): TagAttributes | undefined {
  const attributes: TagAttributes = {};
  if (typeof data.date === 'string') attributes.date = data.date;
  const tags = Array.isArray(data.tags)
    ? data.tags.flatMap((tag) => (isRecord(tag) && typeof tag.tag === 'string' ? [tag.tag] : []))
    : [];
  if (tags.length > 0) attributes.tags = tags.join(',');
  return Object.keys(attributes).length === 0 ? undefined : attributes;
}

function linkRef(value: unknown, at: string): LinkRef {
  const ref = record(value, at);
  switch (ref.kind) {
    case 'url':
      return { kind: 'url', url: string(ref.url, `${at}.url`) };
    case 'file':
      return { kind: 'file', file: string(ref.file, `${at}.file`) };
    case 'page':
      return { kind: 'page', page: string(ref.page, `${at}.page`) };
    case 'anchor': {
      const anchor = string(ref.anchor, `${at}.anchor`);
      return typeof ref.page === 'string'
        ? { kind: 'page', page: ref.page, anchor }
        : { kind: 'anchor', anchor };
    }
    default:
      throw new GitBookDocumentError(
        `is a ${String(ref.kind)} reference, which a link or card cannot hold here`,
        at,
      );
  }
}

function imageSource(value: unknown, at: string): string {
  const ref = record(value, at);
  if (ref.kind === 'url') return string(ref.url, `${at}.url`);
  if (ref.kind === 'file') return string(ref.file, `${at}.file`);
  throw new GitBookDocumentError('is not a URL or file reference', at);
}

function image(node: Json, at: string): ImageBlock {
  const data = dataOf(node);
  const details = detailsOf(node);
  const fragments = list(node.fragments, `${at}.fragments`).map((fragment, index) =>
    record(fragment, `${at}.fragments.${index}`),
  );
  const captionFragment = fragments.find((fragment) => fragment.fragment === 'caption');
  const caption =
    captionFragment === undefined
      ? optionalString(details.caption)
      : fragmentText(captionFragment, `${at}.fragments`);
  const width = optionalString(details.width) ?? widthAttributes(data.width)?.width;
  const imageData: ImageData = {
    src: imageSource(data.ref, `${at}.data.ref`),
    ...pick(data, ['alt'], 'string'),
    ...pick(details, ['title'], 'string'),
    ...(caption === undefined ? {} : { caption }),
    ...(width === undefined ? {} : { width }),
    ...pick(details, ['frame', 'fullWidth'], 'boolean'),
    ...(data.refDark === undefined
      ? {}
      : { srcDark: imageSource(data.refDark, `${at}.data.refDark`) }),
    ...(details.align === 'left' || details.align === 'center' || details.align === 'right'
      ? { align: details.align }
      : {}),
  };
  return { object: 'block', ...keyOf(node), type: 'image', isVoid: true, data: ordered(imageData) };
}

// Image data in the order the Markdown reader writes its fields, so documents compare equal.
function ordered(data: ImageData): ImageData {
  const order: (keyof ImageData)[] = [
    'src',
    'alt',
    'title',
    'caption',
    'width',
    'frame',
    'fullWidth',
    'srcDark',
    'align',
  ];
  const result: Record<string, unknown> = {};
  for (const name of order) if (data[name] !== undefined) result[name] = data[name];
  return result as unknown as ImageData;
}

function openapi(node: Json, type: string, at: string): Block {
  const details = detailsOf(node);
  const key = keyOf(node);
  const nested = list(details.nodes, `${at}.markdown.nodes`).map((child, index) =>
    block(child, `${at}.markdown.nodes.${index}`),
  );
  const writtenAttributes = attributesOf(details.attributes);
  if (writtenAttributes !== undefined && typeof details.tag === 'string') {
    return {
      object: 'block',
      ...key,
      type: 'openapi',
      data: { tag: details.tag as OpenAPITag, attributes: writtenAttributes },
      nodes: nested,
    };
  }
  const data = dataOf(node);
  const ref = record(data.ref, `${at}.data.ref`);
  const spec = ref.kind === 'openapi' ? string(ref.spec, `${at}.data.ref.spec`) : undefined;
  const attributes: TagAttributes = {};
  let tag: OpenAPITag;
  if (type === 'openapi-schemas') {
    tag = 'openapi-schemas';
    attributes.spec = spec ?? '';
    attributes.schemas = list(data.schemas, `${at}.data.schemas`)
      .map((name, index) => string(name, `${at}.data.schemas.${index}`))
      .join(',');
    if (typeof data.grouped === 'boolean') attributes.grouped = String(data.grouped);
  } else if (type === 'openapi-webhook') {
    tag = 'openapi-webhook';
    attributes.spec = spec ?? '';
    attributes.name = string(data.name, `${at}.data.name`);
    attributes.method = string(data.method, `${at}.data.method`);
  } else if (type === 'openapi-operation') {
    tag = 'openapi-operation';
    attributes.spec = spec ?? '';
    attributes.path = string(data.path, `${at}.data.path`);
    attributes.method = string(data.method, `${at}.data.method`);
  } else {
    tag = 'swagger';
    attributes.src = imageSource(ref, `${at}.data.ref`);
    attributes.path = string(data.path, `${at}.data.path`);
    attributes.method = string(data.method, `${at}.data.method`);
  }
  return { object: 'block', ...key, type: 'openapi', data: { tag, attributes }, nodes: nested };
}

function table(node: Json, at: string): TableBlock {
  const data = dataOf(node);
  const details = detailsOf(node);
  const definition = record(data.definition, `${at}.data.definition`);
  const records = record(data.records, `${at}.data.records`);
  const view = isRecord(data.view) ? data.view : {};
  const fragments = new Map<string, Json>();
  for (const [index, fragment] of list(node.fragments, `${at}.fragments`).entries()) {
    const item = record(fragment, `${at}.fragments.${index}`);
    if (typeof item.fragment === 'string') fragments.set(item.fragment, item);
  }
  const viewColumns = Array.isArray(view.columns)
    ? view.columns.filter((id): id is string => typeof id === 'string')
    : [];
  const columnIds = [...new Set([...viewColumns, ...Object.keys(definition)])].filter(
    (id) => id in definition,
  );
  if (Object.keys(definition).every((id) => /^c\d+$/.test(id))) {
    columnIds.sort((a, b) => Number(a.slice(1)) - Number(b.slice(1)));
  }
  const rowsDetails = Array.isArray(details.rows) ? details.rows.filter(isRecord) : undefined;
  const cell = (
    fragmentId: string | undefined,
    fallback: string,
    cellAt: string,
  ): TableCellBlock => {
    const fragment = fragmentId === undefined ? undefined : fragments.get(fragmentId);
    if (fragment === undefined) {
      return {
        object: 'block',
        type: 'table-cell',
        nodes: fallback === '' ? [] : [textOf(fallback)],
      };
    }
    const blocks = list(fragment.nodes, `${cellAt}.nodes`).map((child, index) =>
      block(child, `${cellAt}.nodes.${index}`),
    );
    const holdsBlocks = detailsOf(fragment).blocks === true;
    const [first] = blocks;
    const nodes: TableCellBlock['nodes'] =
      holdsBlocks || blocks.length !== 1 || first?.type !== 'paragraph'
        ? (blocks as TableCellBlock['nodes'])
        : first.nodes;
    return { object: 'block', ...keyOf(fragment), type: 'table-cell', nodes };
  };
  const row = (cells: TableCellBlock[], index: number): TableRowBlock => {
    const rowKey = rowsDetails?.[index]?.key;
    const count = rowsDetails?.[index]?.cells;
    return {
      object: 'block',
      ...(typeof rowKey === 'string' ? { key: rowKey } : {}),
      type: 'table-row',
      nodes: typeof count === 'number' ? cells.slice(0, count) : cells,
    };
  };
  const header = row(
    columnIds.map((id, index) => {
      const column = record(definition[id], `${at}.data.definition.${id}`);
      return cell(
        fragments.has(`h${index}`) ? `h${index}` : undefined,
        optionalString(column.title) ?? '',
        `${at}.fragments.h${index}`,
      );
    }),
    0,
  );
  const body = Object.entries(records)
    .map(([id, value]) => ({ id, value: record(value, `${at}.data.records.${id}`) }))
    .sort((a, b) =>
      String(a.value.orderIndex ?? '').localeCompare(String(b.value.orderIndex ?? '')),
    )
    .map(({ id, value }, index) => {
      const values = isRecord(value.values) ? value.values : {};
      return row(
        columnIds.map((columnId) => {
          const cellValue = values[columnId];
          return typeof cellValue === 'string' && fragments.has(cellValue)
            ? cell(cellValue, '', `${at}.records.${id}`)
            : cell(
                undefined,
                cellValue === undefined || cellValue === null ? '' : String(cellValue),
                `${at}.records.${id}`,
              );
        }),
        index + 1,
      );
    });
  const align: TableAlign[] = Array.isArray(details.align)
    ? (details.align as TableAlign[])
    : columnIds.map((id) => {
        const alignment = isRecord(definition[id])
          ? (definition[id] as Json).textAlignment
          : undefined;
        return alignment === 'center' || alignment === 'right' ? alignment : null;
      });
  const columns = Array.isArray(details.columns) ? (details.columns as TableColumn[]) : undefined;
  const settings = {
    ...(details.view === 'table' || details.view === 'cards'
      ? { view: details.view as TableView }
      : view.type === 'cards'
        ? { view: 'cards' as const }
        : {}),
    ...(typeof details.cardSize === 'string' ? { cardSize: details.cardSize } : {}),
    ...(typeof details.cardWrap === 'boolean' ? { cardWrap: details.cardWrap } : {}),
    ...pick(data, ['search', 'fullWidth'], 'boolean'),
    ...(columns === undefined ? {} : { columns }),
  };
  return {
    object: 'block',
    ...keyOf(node),
    type: 'table',
    data: { align, ...settings },
    nodes: [header, ...body],
  };
}

function textOf(value: string): Text {
  return { object: 'text', leaves: [{ object: 'leaf', text: value, marks: [] }] };
}

function inlines(node: Json, at: string): InlineContent[] {
  return list(node.nodes, `${at}.nodes`).map((child, index) =>
    inlineContent(child, `${at}.nodes.${index}`),
  );
}

function inlineContent(value: unknown, at: string): InlineContent {
  const node = record(value, at);
  if (node.object === 'text') {
    if (detailsOf(node).raw === true) {
      return {
        object: 'inline',
        type: 'raw',
        isVoid: true,
        data: { markdown: textOfLeaves(node, at) },
      };
    }
    return {
      object: 'text',
      leaves: list(node.leaves, `${at}.leaves`).map((item, index) =>
        leaf(item, `${at}.leaves.${index}`),
      ),
    };
  }
  if (node.object !== 'inline') throw new GitBookDocumentError('is not text or an inline', at);
  return inline(node, at);
}

function textOfLeaves(node: Json, at: string): string {
  return list(node.leaves, `${at}.leaves`)
    .map((item, index) =>
      string(record(item, `${at}.leaves.${index}`).text, `${at}.leaves.${index}.text`),
    )
    .join('');
}

function leaf(value: unknown, at: string): Leaf {
  const node = record(value, at);
  return {
    object: 'leaf',
    text: string(node.text, `${at}.text`),
    marks: list(node.marks, `${at}.marks`).map((item, index) => mark(item, `${at}.marks.${index}`)),
  };
}

const plainMarks = new Set([
  'bold',
  'italic',
  'strikethrough',
  'code',
  'keyboard',
  'superscript',
  'subscript',
]);

function mark(value: unknown, at: string): Mark {
  const node = record(value, at);
  const type = string(node.type, `${at}.type`);
  if (plainMarks.has(type)) return { object: 'mark', type: type as Exclude<Mark['type'], 'color'> };
  if (type !== 'color')
    throw new GitBookDocumentError(`is a ${type} mark, which Quire cannot hold`, at);
  const data = dataOf(node);
  const details = detailsOf(node);
  const set = typeof details.set === 'string' ? details.set.split(',') : undefined;
  const colour = (name: 'text' | 'background') => {
    const written = optionalString(details[name]);
    if (written !== undefined) return written;
    const value = optionalString(data[name]);
    if (set !== undefined) return set.includes(name) ? value : undefined;
    return value === 'default' ? undefined : value;
  };
  const text = colour('text');
  const background = colour('background');
  return {
    object: 'mark',
    type: 'color',
    data: {
      ...(text === undefined ? {} : { text }),
      ...(background === undefined ? {} : { background }),
    },
  };
}

const inlineFields = {
  'inline-math': 'formula',
  expression: 'expression',
  emoji: 'code',
  icon: 'icon',
} as const;

function inline(node: Json, at: string): Inline {
  const type = string(node.type, `${at}.type`);
  const data = dataOf(node);
  const details = detailsOf(node);
  switch (type) {
    case 'link':
      return {
        object: 'inline',
        type,
        data: { ref: linkRef(data.ref, `${at}.data.ref`), ...pick(details, ['title'], 'string') },
        nodes: inlines(node, at),
      };
    case 'inline-image':
      return {
        object: 'inline',
        type,
        isVoid: true,
        data: {
          src: imageSource(data.ref, `${at}.data.ref`),
          ...pick(data, ['alt'], 'string'),
          ...pick(details, ['title'], 'string'),
          ...(data.refDark === undefined
            ? {}
            : { srcDark: imageSource(data.refDark, `${at}.data.refDark`) }),
        },
      };
    case 'inline-math':
    case 'expression':
    case 'emoji':
    case 'icon': {
      // Void inlines of one text field each.
      const field = inlineFields[type];
      return {
        object: 'inline',
        type,
        isVoid: true,
        data: { [field]: string(data[field], `${at}.data.${field}`) },
      } as Inline;
    }
    case 'mention': {
      const ref = record(data.ref, `${at}.data.ref`);
      const user = string(ref.user, `${at}.data.ref.user`);
      return {
        object: 'inline',
        type,
        isVoid: true,
        data: { user, label: optionalString(details.label) ?? user },
      };
    }
    case 'button': {
      const action = isRecord(data.action) ? data.action : undefined;
      const kind = data.kind === 'secondary' ? 'secondary' : 'primary';
      return {
        object: 'inline',
        type,
        isVoid: true,
        data: {
          kind,
          label: string(data.label, `${at}.data.label`),
          ...(data.ref === undefined ? {} : { ref: linkRef(data.ref, `${at}.data.ref`) }),
          ...(action !== undefined && typeof action.action === 'string'
            ? { action: action.action }
            : pick(details, ['action'], 'string')),
          ...(action !== undefined && typeof action.query === 'string'
            ? { query: action.query }
            : pick(details, ['query'], 'string')),
          ...pick(data, ['icon'], 'string'),
        },
      };
    }
    default:
      throw new GitBookDocumentError(`is a ${type} inline, which Quire cannot hold`, at);
  }
}
