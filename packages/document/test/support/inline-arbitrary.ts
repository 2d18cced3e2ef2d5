import fc from 'fast-check';
import type { ImageData, Inline, InlineContent, LinkRef, Mark } from '../../src/index.js';

/**
 * fast-check arbitraries for running text the package can produce: merged leaves, marks in
 * canonical order, no whitespace at the edges, hard breaks only between words.
 */

const WORD_CHARACTERS = [...'abcxyzABZ0129', ...'*_`[]()<>#!-+.|\\~$&{}%:\'"=/?@^'];
// Bare URLs and email addresses are text: GitBook does not read GFM autolink literals.
const word = fc.oneof(
  {
    weight: 9,
    arbitrary: fc.string({ unit: fc.constantFrom(...WORD_CHARACTERS), minLength: 1, maxLength: 6 }),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom('www.example.com', 'https://example.com/a_b', 'ada@example.com'),
  },
);
/** One to three plain words. */
export const plainWords = fc
  .array(fc.string({ unit: fc.constantFrom(...'abcdefxyz019'), minLength: 1, maxLength: 6 }), {
    minLength: 1,
    maxLength: 3,
  })
  .map((words) => words.join(' '));
/** Unmarked words, Markdown's special characters included. */
export const words = fc.array(word, { minLength: 1, maxLength: 3 }).map((list) => list.join(' '));

const color = fc
  .record(
    {
      text: fc.constantFrom('blue', 'red', 'green'),
      background: fc.constantFrom('orange', 'yellow'),
    },
    { requiredKeys: [] },
  )
  .filter((data) => data.text !== undefined || data.background !== undefined)
  .map((data): Mark => ({ object: 'mark', type: 'color', data }));
const plain = (type: Exclude<Mark['type'], 'color'>): Mark => ({ object: 'mark', type });
/** Marks in canonical order (`MARK_ORDER` of the package). */
const markSet = fc
  .tuple(
    fc.option(color, { nil: undefined, freq: 4 }),
    fc.subarray([plain('bold'), plain('italic'), plain('strikethrough')]),
    fc.subarray([plain('keyboard'), plain('superscript'), plain('subscript')], { maxLength: 1 }),
    fc.subarray([plain('code')]),
  )
  .map(([colored, markdown, html, code]): Mark[] => [
    ...(colored ? [colored] : []),
    ...markdown,
    ...html,
    ...code,
  ]);

type Piece = { leaf: { text: string; marks: Mark[] } } | { inline: Inline };

const textPiece = fc.record({ text: words, marks: markSet }).map((leaf): Piece => ({ leaf }));

const linkRef: fc.Arbitrary<LinkRef> = fc.oneof(
  fc.constantFrom('https://example.com/a', 'mailto:a@example.com', '/spaces/x').map((url) => ({
    kind: 'url' as const,
    url,
  })),
  fc.constantFrom('setup.md', 'guide/', 'a/b.md').map((page) => ({ kind: 'page' as const, page })),
  fc.constant<LinkRef>({ kind: 'page', page: 'setup.md', anchor: 'install' }),
  fc.constant<LinkRef>({ kind: 'anchor', anchor: 'top' }),
  fc.constant<LinkRef>({ kind: 'file', file: 'files/a.pdf' }),
);

/** Image attributes. */
export const imageData = fc
  .record(
    {
      src: fc.constantFrom('a.png', 'https://example.com/b.png', 'dir/c d.jpg'),
      alt: plainWords,
      title: plainWords,
    },
    { requiredKeys: ['src'] },
  )
  .map((data): ImageData => ({ ...data }));

/** Void inlines that can sit inside link text (a mention is itself a link). */
const voidInlineInLink: fc.Arbitrary<Inline> = fc.oneof(
  imageData.map((data): Inline => ({ object: 'inline', type: 'inline-image', isVoid: true, data })),
  fc.constantFrom('x^2', 'a+b', '\\frac{1}{2}').map(
    (formula): Inline => ({
      object: 'inline',
      type: 'inline-math',
      isVoid: true,
      data: { formula },
    }),
  ),
  fc
    .constantFrom('1f389', '1f44d', '2764-fe0f', '1f1eb-1f1f7', '1f469-200d-1f4bb')
    .map((code): Inline => ({ object: 'inline', type: 'emoji', isVoid: true, data: { code } })),
  fc
    .record(
      { src: fc.constantFrom('light.svg', 'a b.png'), alt: plainWords },
      { requiredKeys: ['src'] },
    )
    .map(
      (data): Inline => ({
        object: 'inline',
        type: 'inline-image',
        isVoid: true,
        data: { ...data, srcDark: 'dark.svg' },
      }),
    ),
  fc
    .constantFrom('rocket', 'book-open', 'chart-line')
    .map((icon): Inline => ({ object: 'inline', type: 'icon', isVoid: true, data: { icon } })),
  fc.constantFrom('space.vars.version', 'page.vars.latest_release', 'space.vars.a < b').map(
    (expression): Inline => ({
      object: 'inline',
      type: 'expression',
      isVoid: true,
      data: { expression },
    }),
  ),
);

const button: fc.Arbitrary<Inline> = fc
  .record(
    {
      kind: fc.constantFrom('primary' as const, 'secondary' as const),
      label: plainWords,
      icon: fc.constantFrom('rocket', 'github'),
      target: fc.oneof(
        linkRef.map((ref) => ({ ref })),
        fc.record(
          {
            action: fc.constantFrom('ask', 'search'),
            query: fc.constantFrom('How do I "start"?', 'a & b'),
          },
          { requiredKeys: ['action'] },
        ),
      ),
    },
    { requiredKeys: ['kind', 'label', 'target'] },
  )
  .map(({ target, icon, kind, label }): Inline => {
    const data = { kind, label, ...target, ...(icon === undefined ? {} : { icon }) };
    return { object: 'inline', type: 'button', isVoid: true, data };
  });

const voidInline: fc.Arbitrary<Inline> = fc.oneof(
  voidInlineInLink,
  button,
  fc
    .record({ user: fc.constantFrom('u1', 'ada-l'), label: plainWords })
    .map((data): Inline => ({ object: 'inline', type: 'mention', isVoid: true, data })),
);

const linkInline: fc.Arbitrary<Inline> = fc
  .record(
    {
      ref: linkRef,
      title: plainWords,
      pieces: fc.array(
        fc.oneof(
          { weight: 4, arbitrary: textPiece },
          voidInlineInLink.map((inline) => ({ inline })),
        ),
        {
          minLength: 1,
          maxLength: 3,
        },
      ),
    },
    { requiredKeys: ['ref', 'pieces'] },
  )
  .map(
    ({ ref, title, pieces }): Inline => ({
      object: 'inline',
      type: 'link',
      data: title === undefined ? { ref } : { ref, title },
      nodes: canonicalInlines(pieces),
    }),
  )
  .filter(
    (link) =>
      link.type === 'link' &&
      link.nodes.some((node) => node.object === 'text') &&
      !hasAdjacentFormulas(link.nodes),
  );

/** Running text; `breaks` allows hard line breaks (paragraphs only). */
export function inlineContent(breaks: boolean): fc.Arbitrary<InlineContent[]> {
  const piece: fc.Arbitrary<Piece> = fc.oneof(
    { weight: 6, arbitrary: textPiece },
    { weight: 1, arbitrary: voidInline.map((inline): Piece => ({ inline })) },
    { weight: 1, arbitrary: linkInline.map((inline): Piece => ({ inline })) },
  );
  const separator = fc.constantFrom('', ' ', ' ', ...(breaks ? ['\n'] : []));
  return fc
    .array(fc.tuple(piece, separator), { minLength: 1, maxLength: 5 })
    .map((pairs) => {
      const pieces: Piece[] = [];
      pairs.forEach(([item, gap], index) => {
        if (index > 0 && gap) pieces.push({ leaf: { text: gap, marks: [] } });
        pieces.push(item);
      });
      return canonicalInlines(pieces);
    })
    .filter((nodes) => nodes.some((node) => node.object === 'text') && !hasAdjacentFormulas(nodes));
}

/** Two formulas in a row would write as one `$$$$` run; Markdown needs something between them. */
function hasAdjacentFormulas(nodes: readonly InlineContent[]): boolean {
  const isFormula = (node: InlineContent | undefined) =>
    node?.object === 'inline' && node.type === 'inline-math';
  return nodes.some((node, index) => isFormula(node) && isFormula(nodes[index + 1]));
}

/** Merges neighbouring leaves with equal marks and neighbouring texts, as the reader does. */
function canonicalInlines(pieces: readonly Piece[]): InlineContent[] {
  const nodes: InlineContent[] = [];
  for (const piece of pieces) {
    if ('inline' in piece) {
      nodes.push(piece.inline);
      continue;
    }
    const last = nodes.at(-1);
    const text = last?.object === 'text' ? last : { object: 'text' as const, leaves: [] };
    if (text !== last) nodes.push(text);
    const leaf = text.leaves.at(-1);
    const same =
      leaf &&
      leaf.marks.length === piece.leaf.marks.length &&
      leaf.marks.every(
        (mark, index) => JSON.stringify(mark) === JSON.stringify(piece.leaf.marks[index]),
      );
    if (leaf && same) leaf.text += piece.leaf.text;
    else text.leaves.push({ object: 'leaf', ...piece.leaf });
  }
  return nodes;
}
