import type { Image, ImageReference, PhrasingContent } from 'mdast';
import { splitEmoji } from '../model/emoji.js';
import { InlineBuilder } from '../model/inline-builder.js';
import { linkRefFromUrl } from '../model/link-ref.js';
import { createMarks, plainMark } from '../model/marks.js';
import type {
  InlineContent,
  InlineImageInline,
  LinkInline,
  Mark,
  MentionInline,
} from '../types.js';
import { htmlKind, type ReadContext, verbatimMarkdown, warn } from './context.js';
import { matchInlineHtml } from './inline-html.js';

const MENTION_URL = /^mention:(.+)$/;

/**
 * Reads mdast phrasing content into canonical running text. In a GFM table cell (`inCell`) a
 * `<br>` stays verbatim: a table with hard breaks in its cells is written as GitBook's HTML table.
 */
export function readInlines(
  nodes: readonly PhrasingContent[],
  context: ReadContext,
  inCell = false,
): InlineContent[] {
  const builder = new InlineBuilder();
  addPhrasing(builder, nodes, [], inCell ? { ...context, inCell } : context);
  return builder.build();
}

function addPhrasing(
  builder: InlineBuilder,
  nodes: readonly PhrasingContent[],
  marks: readonly Mark[],
  context: ReadContext,
): void {
  for (let index = 0; index < nodes.length; index++) {
    const node = nodes[index];
    if (!node) continue;
    const html = matchInlineHtml(nodes, index, context.source, !context.inCell);
    if (!html || (html.kind === 'mark' && marks.some((mark) => mark.type === html.mark.type))) {
      addNode(builder, node, marks, context);
      continue;
    }
    const start = index;
    index = html.end;
    if (html.kind === 'mark') {
      addPhrasing(builder, nodes.slice(start + 1, html.end), [...marks, html.mark], context);
    } else if (html.kind === 'inline') {
      builder.addInline(html.inline);
    } else {
      builder.addText('\n', createMarks(marks));
      // `<br>` then a line break: the break is the `<br>`; the newline is only where it was typed.
      const next = nodes[index + 1];
      if (next?.type === 'text' && next.value.startsWith('\n')) {
        addNode(builder, { ...next, value: next.value.slice(1) }, marks, context);
        index++;
      }
    }
  }
}

function addNode(
  builder: InlineBuilder,
  node: PhrasingContent,
  marks: readonly Mark[],
  context: ReadContext,
): void {
  switch (node.type) {
    case 'text':
      // A soft line break reads as a space: in the document model `\n` is a hard break.
      builder.addTextWithEmoji(node.value.replaceAll('\n', ' '), marks);
      return;
    case 'break':
      builder.addText('\n', createMarks(marks));
      return;
    case 'strong':
      addPhrasing(builder, node.children, [...marks, plainMark('bold')], context);
      return;
    case 'emphasis':
      addPhrasing(builder, node.children, [...marks, plainMark('italic')], context);
      return;
    case 'delete':
      addPhrasing(builder, node.children, [...marks, plainMark('strikethrough')], context);
      return;
    case 'inlineCode':
      builder.addText(node.value, createMarks([...marks, plainMark('code')]));
      return;
    case 'inlineMath':
      builder.addInline({
        object: 'inline',
        type: 'inline-math',
        isVoid: true,
        data: { formula: node.value },
      });
      return;
    case 'link':
      builder.addInline(readLink(node, node.url, node.title, marks, context));
      return;
    case 'linkReference': {
      const definition = context.definitions.get(node.identifier);
      if (definition) {
        builder.addInline(readLink(node, definition.url, definition.title, marks, context));
      } else {
        addRaw(builder, node, context);
      }
      return;
    }
    case 'image':
    case 'imageReference': {
      const image = resolveImage(node, context);
      if (image) builder.addInline(readInlineImage(image));
      else addRaw(builder, node, context);
      return;
    }
    default:
      addRaw(builder, node, context);
  }
}

function addRaw(builder: InlineBuilder, node: PhrasingContent, context: ReadContext): void {
  const markdown = node.type === 'html' ? node.value : verbatimMarkdown(context, node, true);
  const kind =
    node.type === 'html'
      ? htmlKind(node.value)
      : node.type === 'footnoteReference'
        ? 'footnote'
        : 'other';
  warn(context, kind, `Inline ${node.type} kept verbatim`, node);
  builder.addInline({ object: 'inline', type: 'raw', isVoid: true, data: { markdown } });
}

function readLink(
  node: Extract<PhrasingContent, { children: PhrasingContent[] }>,
  url: string,
  title: string | null | undefined,
  marks: readonly Mark[],
  context: ReadContext,
): LinkInline | MentionInline {
  const mention = readMention(node.children, url, title);
  if (mention) return mention;
  const builder = new InlineBuilder();
  addPhrasing(builder, node.children, marks, context);
  const data: LinkInline['data'] = { ref: linkRefFromUrl(url) };
  if (title != null) data.title = title;
  return { object: 'inline', type: 'link', data, nodes: builder.build() };
}

/**
 * `[label](mention:user)` with plain label text. A mention is void, so marks around it are not
 * kept, as with images and formulas.
 */
function readMention(
  children: readonly PhrasingContent[],
  url: string,
  title: string | null | undefined,
): MentionInline | undefined {
  const user = MENTION_URL.exec(url)?.[1];
  const [only] = children;
  if (user === undefined || title != null || children.length !== 1) return undefined;
  if (only?.type !== 'text' || only.value === '' || only.value.includes('\n')) return undefined;
  if (splitEmoji(only.value).length !== 1) return undefined;
  return { object: 'inline', type: 'mention', isVoid: true, data: { user, label: only.value } };
}

/** Reads an image, in running text or in an `images` block. */
export function readImageData(image: Image): InlineImageInline['data'] {
  const data: InlineImageInline['data'] = { src: image.url };
  if (image.alt) data.alt = image.alt;
  if (image.title != null) data.title = image.title;
  return data;
}

function readInlineImage(image: Image): InlineImageInline {
  return { object: 'inline', type: 'inline-image', isVoid: true, data: readImageData(image) };
}

/** An image, or an image reference resolved against its definition (`undefined`: none). */
export function resolveImage(
  node: Image | ImageReference,
  context: ReadContext,
): Image | undefined {
  if (node.type === 'image') return node;
  const definition = context.definitions.get(node.identifier);
  return (
    definition && { type: 'image', url: definition.url, alt: node.alt, title: definition.title }
  );
}
