import type { ElementContent, Root } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { defaultSchema, type Schema, sanitize } from 'hast-util-sanitize';

// GitHub's allow-list (what hast-util-sanitize ships): no `script`, `style`, `iframe` or form
// controls beyond disabled checkboxes, no event handlers or `style` attributes, and ids prefixed
// with `user-content-` so raw HTML cannot clobber the page's own ids. URLs narrowed further to the
// schemes links may use anywhere else in a rendered page, and without the presentational
// attributes HTML has deprecated (`align`, `border`, `valign`…), which the site's CSS replaces.
const DEPRECATED_ATTRIBUTES = new Set([
  'abbr',
  'align',
  'axis',
  'border',
  'cellPadding',
  'cellSpacing',
  'char',
  'charOff',
  'clear',
  'color',
  'compact',
  'frame',
  'hSpace',
  'noShade',
  'noWrap',
  'rules',
  'vAlign',
  'vSpace',
]);

const blockSchema: Schema = {
  ...defaultSchema,
  attributes: {
    ...defaultSchema.attributes,
    '*': (defaultSchema.attributes?.['*'] ?? []).filter(
      (attribute) => typeof attribute !== 'string' || !DEPRECATED_ATTRIBUTES.has(attribute),
    ),
  },
  protocols: {
    ...defaultSchema.protocols,
    href: ['http', 'https', 'mailto'],
    cite: ['http', 'https'],
    src: ['http', 'https'],
    longDesc: ['http', 'https'],
  },
};

// Raw HTML inside running text may only hold phrasing elements; any other allowed element is
// replaced by its children, so a stray `<div>` cannot break out of the paragraph.
const PHRASING = new Set([
  'a',
  'abbr',
  'b',
  'bdi',
  'bdo',
  'br',
  'cite',
  'code',
  'del',
  'dfn',
  'em',
  'i',
  'img',
  'input',
  'ins',
  'kbd',
  'mark',
  'q',
  'rp',
  'rt',
  'ruby',
  's',
  'samp',
  'small',
  'span',
  'strike',
  'strong',
  'sub',
  'sup',
  'time',
  'tt',
  'u',
  'var',
  'wbr',
]);

const inlineSchema: Schema = {
  ...blockSchema,
  tagNames: (blockSchema.tagNames ?? []).filter((name) => PHRASING.has(name)),
};

function sanitizeHtml(html: string, schema: Schema): ElementContent[] {
  const tree = sanitize(fromHtml(html, { fragment: true }), schema);
  return tree.type === 'root' ? (tree as Root).children.filter(isContent) : [];
}

function isContent(node: Root['children'][number]): node is ElementContent {
  return node.type !== 'doctype';
}

/** HTML kept verbatim by the document model, cut down to the allow-list, as block content. */
export function sanitizeBlockHtml(html: string): ElementContent[] {
  return sanitizeHtml(html, blockSchema);
}

/** HTML kept verbatim inside running text, cut down to the allow-list's phrasing elements. */
export function sanitizeInlineHtml(html: string): ElementContent[] {
  return sanitizeHtml(html, inlineSchema);
}

// A span of HTML written around Markdown is sanitized with a placeholder where each Markdown
// block goes (see `renderHtmlSpan`); only there is the placeholder let through.
const spanSchema: Schema = {
  ...blockSchema,
  tagNames: [...(blockSchema.tagNames ?? []), 'quire-slot'],
  attributes: { ...blockSchema.attributes, 'quire-slot': ['dataSlot'] },
};

/** HTML joined from the pieces around Markdown blocks, with `<quire-slot>` placeholders kept. */
export function sanitizeHtmlAround(html: string): ElementContent[] {
  return sanitizeHtml(html, spanSchema);
}
