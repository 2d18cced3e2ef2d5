import fc from 'fast-check';
import type {
  Block,
  Document,
  InlineContent,
  ListItemBlock,
  Mark,
  TableAlign,
} from '../../src/index.js';
import { imageData, inlineContent, plainWords, words } from './inline-arbitrary.js';
import { htmlTable } from './table-arbitrary.js';

/**
 * fast-check arbitraries for documents the package can produce: canonical running text and block
 * shapes Markdown can express (e.g. tight list items hold one paragraph and an optional nested
 * list).
 */

/** Only images and blanks: the reader makes such a paragraph an `images` block. */
const onlyImages = (nodes: readonly InlineContent[]) =>
  nodes.every((node) =>
    node.object === 'text'
      ? node.leaves.every((leaf) => leaf.text.trim() === '')
      : node.type === 'inline-image',
  );

const paragraph = inlineContent(true)
  .filter((nodes) => !onlyImages(nodes))
  .map((nodes): Block => ({ object: 'block', type: 'paragraph', nodes }));

const heading = fc
  .tuple(fc.constantFrom(1, 2, 3, 4, 5, 6), inlineContent(false))
  .map(([level, nodes]): Block => {
    if (level === 1) return { object: 'block', type: 'heading-1', nodes };
    if (level === 2) return { object: 'block', type: 'heading-2', nodes };
    if (level === 3) return { object: 'block', type: 'heading-3', nodes };
    return {
      object: 'block',
      type: 'heading-3',
      data: { level: level === 4 ? 4 : level === 5 ? 5 : 6 },
      nodes,
    };
  });

const codeLine = fc.string({ unit: fc.constantFrom(...'ab {}()`~;=<>\'"*#-$'), maxLength: 12 });
const code = fc
  .record(
    {
      lines: fc.array(codeLine, { minLength: 1, maxLength: 4 }),
      syntax: fc.constantFrom('js', 'ts', 'sh'),
      title: plainWords,
      lineNumbers: fc.boolean(),
      expandable: fc.boolean(),
    },
    { requiredKeys: ['lines'] },
  )
  .map(({ lines, syntax, title, lineNumbers, expandable }): Block => {
    const data = {
      ...(syntax === undefined ? {} : { syntax }),
      ...(title === undefined ? {} : { title }),
      ...(lineNumbers === undefined ? {} : { lineNumbers }),
      ...(expandable === undefined ? {} : { expandable }),
    };
    const nodes = lines.map((line) => ({
      object: 'block' as const,
      type: 'code-line' as const,
      nodes: [
        { object: 'text' as const, leaves: [{ object: 'leaf' as const, text: line, marks: [] }] },
      ] as [{ object: 'text'; leaves: { object: 'leaf'; text: string; marks: Mark[] }[] }],
    }));
    return Object.keys(data).length > 0
      ? { object: 'block', type: 'code', data, nodes }
      : { object: 'block', type: 'code', nodes };
  });

/**
 * Cell text without backslashes: GFM reads `\|` in a cell as an escaped pipe even inside code,
 * so a code span ending in a backslash before a pipe cannot be written in a table.
 */
const tableCellContent = inlineContent(false).filter(
  (nodes) => !JSON.stringify(nodes).includes('\\\\'),
);

const table = fc
  .integer({ min: 1, max: 3 })
  .chain((columns) =>
    fc.record({
      align: fc.array(fc.constantFrom<TableAlign>('left', 'center', 'right', null), {
        minLength: columns,
        maxLength: columns,
      }),
      rows: fc.array(fc.array(tableCellContent, { minLength: columns, maxLength: columns }), {
        minLength: 1,
        maxLength: 3,
      }),
    }),
  )
  .map(
    ({ align, rows }): Block => ({
      object: 'block',
      type: 'table',
      data: { align },
      nodes: rows.map((cells) => ({
        object: 'block',
        type: 'table-row',
        nodes: cells.map((nodes) => ({ object: 'block', type: 'table-cell', nodes })),
      })),
    }),
  );

/** Text HTML escapes: GitBook's figures write `&` and `<` as references, quotes as they are. */
const htmlText = fc.constantFrom('Tom\'s "best" <b> & more', 'a &amp; b');

const images = fc
  .array(
    fc.tuple(
      imageData,
      fc.option(fc.oneof(plainWords, htmlText, fc.constant('')), { nil: undefined }),
      fc.option(fc.constantFrom('300', '50%'), { nil: undefined }),
      fc.option(fc.boolean(), { nil: undefined }),
      fc.option(fc.boolean(), { nil: undefined }),
      fc.option(fc.constantFrom('a-dark.png', "https://example.com/d.png?x=1&y='2'"), {
        nil: undefined,
      }),
      fc.option(fc.constantFrom('left' as const, 'center' as const, 'right' as const), {
        nil: undefined,
      }),
    ),
    { minLength: 1, maxLength: 2 },
  )
  .map(
    (list): Block => ({
      object: 'block',
      type: 'images',
      nodes: list.map(([data, caption, width, frame, fullWidth, srcDark, align]) => ({
        object: 'block',
        type: 'image',
        isVoid: true,
        data: {
          ...data,
          ...(caption === undefined ? {} : { caption }),
          ...(width === undefined ? {} : { width }),
          ...(frame === undefined ? {} : { frame }),
          ...(fullWidth === undefined ? {} : { fullWidth }),
          ...(srcDark === undefined ? {} : { srcDark }),
          ...(align === undefined ? {} : { align }),
        },
      })),
    }),
  );

const pageRef = fc
  .constantFrom('setup.md', '../guide/README.md')
  .map((page): Block => ({ object: 'block', type: 'page-ref', isVoid: true, data: { page } }));

const include = fc
  .constantFrom(
    '/reusable-content/rc1',
    '.gitbook/includes/intro.md',
    '../../.gitbook/includes/common-controls (1).md',
    'Xq3vT8pLmN2aB7cD9eFg',
  )
  .map(
    (reusableContent): Block => ({
      object: 'block',
      type: 'reusable-content',
      isVoid: true,
      data: { ref: { kind: 'reusable-content', reusableContent } },
    }),
  );

/** Optional tag attributes from a few GitBook writes. */
const attributes = (entries: Record<string, readonly string[]>) =>
  fc
    .record(
      Object.fromEntries(
        Object.entries(entries).map(([key, values]) => [key, fc.constantFrom(...values)]),
      ),
      { requiredKeys: [] },
    )
    .map((record) => {
      const present: Record<string, string> = {};
      for (const [key, value] of Object.entries(record))
        if (value !== undefined) present[key] = value;
      return present;
    });

const withData = (data: Record<string, string>) => (Object.keys(data).length > 0 ? { data } : {});

/** GitBook's item containers and tag containers (steppers, columns, changelogs, prompts, OpenAPI). */
function gitbookContainers(inner: fc.Arbitrary<Block[]>): fc.Arbitrary<Block>[] {
  const items = <T>(item: fc.Arbitrary<T>) => fc.array(item, { minLength: 1, maxLength: 3 });
  return [
    items(inner).map(
      (steps): Block => ({
        object: 'block',
        type: 'stepper',
        nodes: steps.map((nodes) => ({ object: 'block', type: 'stepper-step', nodes })),
      }),
    ),
    items(fc.tuple(attributes({ width: ['50%', '33.3%'] }), inner)).map(
      (columns): Block => ({
        object: 'block',
        type: 'columns',
        nodes: columns.map(([data, nodes]) => ({
          object: 'block',
          type: 'column',
          ...withData(data),
          nodes,
        })),
      }),
    ),
    fc
      .tuple(
        attributes({ format: ['full'] }),
        items(fc.tuple(attributes({ date: ['2025-01-02'], tags: ['fixes', 'new,fixes'] }), inner)),
      )
      .map(
        ([data, updates]): Block => ({
          object: 'block',
          type: 'updates',
          ...withData(data),
          nodes: updates.map(([itemData, nodes]) => ({
            object: 'block',
            type: 'update',
            ...withData(itemData),
            nodes,
          })),
        }),
      ),
    fc
      .tuple(attributes({ description: ['Review content'], defaultExpanded: ['partial'] }), inner)
      .map(
        ([data, nodes]): Block => ({ object: 'block', type: 'prompt', ...withData(data), nodes }),
      ),
    fc
      .tuple(
        fc.constantFrom('openapi', 'openapi-operation', 'openapi-schemas', 'swagger' as const),
        attributes({ src: ['https://example.com/o.json'], path: ['/pets'], method: ['get'] }),
        inner,
      )
      .map(
        ([tag, data, nodes]): Block => ({
          object: 'block',
          type: 'openapi',
          data: { tag, attributes: data },
          nodes,
        }),
      ),
  ];
}

const leafBlock: fc.Arbitrary<Block> = fc.oneof(
  { weight: 5, arbitrary: paragraph },
  { weight: 2, arbitrary: heading },
  { weight: 1, arbitrary: code },
  { weight: 1, arbitrary: table },
  { weight: 1, arbitrary: htmlTable },
  { weight: 1, arbitrary: images },
  { weight: 1, arbitrary: include },
  { weight: 1, arbitrary: pageRef },
  { weight: 1, arbitrary: fc.constant<Block>({ object: 'block', type: 'divider', isVoid: true }) },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom('E = mc^2', 'a^2 + b^2\n= c^2')
      .map(
        (formula): Block => ({ object: 'block', type: 'math', isVoid: true, data: { formula } }),
      ),
  },
  {
    weight: 1,
    arbitrary: fc
      .record(
        { url: fc.constantFrom('https://example.com/v', 'https://youtu.be/x'), caption: words },
        { requiredKeys: ['url'] },
      )
      .map((data): Block => ({ object: 'block', type: 'embed', isVoid: true, data })),
  },
  {
    weight: 1,
    arbitrary: fc
      .record(
        { src: fc.constantFrom('.gitbook/assets/a.pdf', 'b.zip'), caption: words },
        { requiredKeys: ['src'] },
      )
      .map((data): Block => ({ object: 'block', type: 'file', isVoid: true, data })),
  },
);

/** Blocks, nesting containers up to `depth` deep. */
function blocks(depth: number): fc.Arbitrary<Block[]> {
  return fc.array(block(depth), { minLength: 1, maxLength: 4 });
}

function block(depth: number): fc.Arbitrary<Block> {
  if (depth <= 0) return leafBlock;
  const inner = blocks(depth - 1);
  return fc.oneof(
    { weight: 6, arbitrary: leafBlock },
    ...gitbookContainers(inner).map((arbitrary) => ({ weight: 1, arbitrary })),
    {
      weight: 1,
      arbitrary: inner.map((nodes): Block => ({ object: 'block', type: 'blockquote', nodes })),
    },
    { weight: 2, arbitrary: list(depth) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.constantFrom('info', 'success', 'warning', 'danger' as const),
          fc.option(fc.constantFrom('rocket', 'books'), { nil: undefined }),
          inner,
        )
        .map(
          ([style, icon, nodes]): Block => ({
            object: 'block',
            type: 'hint',
            data: icon === undefined ? { style } : { style, icon },
            nodes,
          }),
        ),
    },
    {
      weight: 1,
      arbitrary: fc.array(fc.tuple(plainWords, inner), { minLength: 1, maxLength: 2 }).map(
        (tabs): Block => ({
          object: 'block',
          type: 'tabs',
          nodes: tabs.map(([title, nodes]) => ({
            object: 'block',
            type: 'tabs-item',
            data: { title },
            nodes,
          })),
        }),
      ),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(fc.oneof(plainWords, htmlText), fc.boolean(), inner).map(
        ([title, open, nodes]): Block => ({
          object: 'block',
          type: 'expandable',
          data: open ? { title, open } : { title },
          nodes,
        }),
      ),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.constantFrom('visitor.claims.beta', '!visitor.claims.plan === "pro" && x % 2'),
          inner,
        )
        .map(
          ([condition, nodes]): Block => ({
            object: 'block',
            type: 'conditional',
            data: { condition },
            nodes,
          }),
        ),
    },
    {
      weight: 1,
      arbitrary: inner.map(
        (nodes): Block => ({
          object: 'block',
          type: 'content-ref',
          data: { url: 'other/page.md' },
          nodes,
        }),
      ),
    },
  );
}

/**
 * A list. Tight items hold a paragraph and an optional nested list that starts at 1: CommonMark
 * does not let a list starting elsewhere interrupt a paragraph, so such a list is always loose;
 * likewise a loose list nested in a tight item. Task items start with a paragraph, which holds
 * the checkbox.
 */
function list(
  depth: number,
  start = fc.constantFrom(0, 1, 3),
  looseness = fc.boolean(),
): fc.Arbitrary<Block> {
  const nested =
    depth > 1
      ? fc.option(list(depth - 1, fc.constant(1), fc.constant(false)), { nil: undefined })
      : fc.constant(undefined);
  const tightItem = fc
    .tuple(paragraph, nested)
    .map(([first, nested]) => (nested ? [first, nested] : [first]));
  const looseItem = blocks(depth - 1);
  const looseTaskItem = fc
    .tuple(paragraph, blocks(depth - 1))
    .map(([first, rest]) => [first, ...rest]);
  return (
    fc
      .record({
        type: fc.constantFrom('list-ordered', 'list-unordered', 'list-tasks' as const),
        loose: looseness,
        start,
        checks: fc.array(fc.boolean(), { minLength: 3, maxLength: 3 }),
      })
      .chain(({ type, loose, start, checks }) =>
        fc
          .array(loose ? (type === 'list-tasks' ? looseTaskItem : looseItem) : tightItem, {
            minLength: 1,
            maxLength: 3,
          })
          .map((items): Block => {
            const nodes = items.map((itemNodes, index): ListItemBlock => {
              const item: ListItemBlock = { object: 'block', type: 'list-item', nodes: itemNodes };
              if (type === 'list-tasks') item.data = { checked: checks[index] ?? false };
              return item;
            });
            const data = {
              ...(type === 'list-ordered' && start !== 1 ? { start } : {}),
              ...(loose ? { loose: true as const } : {}),
            };
            return Object.keys(data).length > 0
              ? { object: 'block', type, data, nodes }
              : { object: 'block', type, nodes };
          }),
      )
      // Looseness shows as blank lines between items or between blocks of an item; with one item
      // of one block there is nowhere to put one.
      .filter(
        (block) =>
          !('data' in block && block.data && 'loose' in block.data) ||
          (block.type !== 'list-item' && 'nodes' in block && block.nodes.length > 1) ||
          ('nodes' in block &&
            block.nodes.some(
              (item) => item.object === 'block' && 'nodes' in item && item.nodes.length > 1,
            )),
      )
  );
}

/** Random documents of the supported blocks, inlines and marks. */
export const documentArbitrary: fc.Arbitrary<Document> = blocks(2).map((nodes) => ({
  object: 'document',
  data: { schemaVersion: 1 },
  nodes,
}));
