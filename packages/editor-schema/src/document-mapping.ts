import type { GitBookDocument, GitBookNode } from '@quire/document';
import type { JSONContent } from '@tiptap/core';
import { tableFromEditor, tableToEditor } from './table-mapping.js';

/**
 * GitBook's JSON document (as the API answers a page's document) to the editor's document and
 * back. Blocks and marks the editor edits become its own nodes and marks, with everything else
 * of theirs in a `gitbook` attribute; any other block or inline is kept whole as an atom. A
 * document read in and written out unedited is the same document, node for node.
 */

type Rest = Record<string, unknown>;
/** A mark in the editor's JSON. */
type EditorMark = { type: string; attrs?: Record<string, unknown> };

/** GitBook's mark types, in the document package's canonical order, with the editor's names. */
const markNames: readonly (readonly [string, string])[] = [
  ['color', 'color'],
  ['bold', 'bold'],
  ['italic', 'italic'],
  ['strikethrough', 'strike'],
  ['keyboard', 'keyboard'],
  ['superscript', 'superscript'],
  ['subscript', 'subscript'],
  ['code', 'code'],
];
const editorMarkOf = new Map(markNames);
const gitbookMarkOf = new Map(markNames.map(([gitbook, editor]) => [editor, gitbook]));
const markRank = new Map(markNames.map(([gitbook], index) => [gitbook, index]));

const headingLevels: Record<string, number> = { 'heading-1': 1, 'heading-2': 2, 'heading-3': 3 };
const containers: Record<string, string> = {
  'list-unordered': 'bulletList',
  'list-ordered': 'orderedList',
  'list-tasks': 'taskList',
  'list-item': 'listItem',
  blockquote: 'blockquote',
  hint: 'hint',
  tabs: 'tabs',
  'tabs-item': 'tabsItem',
  stepper: 'stepper',
  'stepper-step': 'stepperStep',
  if: 'conditional',
};
const containerTypes = new Map([
  ...Object.entries(containers).map(([gitbook, editor]) => [editor, gitbook] as const),
  ['taskItem', 'list-item'] as const,
]);
/** Containers that hold items of one kind only, each of which lives in such a container only. */
const itemContainers: Record<string, string> = {
  'list-unordered': 'list-item',
  'list-ordered': 'list-item',
  'list-tasks': 'list-item',
  tabs: 'tabs-item',
  stepper: 'stepper-step',
};
const itemTypes = new Set(Object.values(itemContainers));
/** The editor's item of each kind of container: a task list's items have a checkbox. */
const itemOf = (containerType: string) =>
  containerType === 'list-tasks'
    ? 'taskItem'
    : (containers[itemContainers[containerType] ?? ''] ?? '');

// ——— GitBook → editor ———

/** The editor's document for a page's GitBook document. */
export function toEditorDocument(document: GitBookDocument): JSONContent {
  const content = document.nodes.map((node) => block(node, undefined));
  return {
    type: 'doc',
    attrs: { gitbook: { data: document.data, ...(content.length === 0 ? { empty: true } : {}) } },
    // The editor's document has at least one block; an empty page is one empty paragraph.
    content: content.length === 0 ? [{ type: 'paragraph' }] : content,
  };
}

function block(node: GitBookNode, parentType: string | undefined): JSONContent {
  return editableBlock(node, parentType) ?? { type: 'keptBlock', attrs: { node } };
}

function restOf(node: GitBookNode): Rest {
  const { object: _object, type: _type, nodes: _nodes, ...rest } = node;
  return rest;
}

function editableBlock(node: GitBookNode, parentType: string | undefined): JSONContent | undefined {
  if (node.object !== 'block' || node.type === undefined) return undefined;
  const level = headingLevels[node.type];
  if (node.type === 'paragraph' || level !== undefined) {
    const content = inlines(node.nodes ?? []);
    if (content === undefined) return undefined;
    const rest = restOf(node);
    if (content.length === 0) rest.nodes = node.nodes;
    return {
      type: level === undefined ? 'paragraph' : 'heading',
      attrs: { ...(level === undefined ? {} : { level }), gitbook: rest },
      ...(content.length === 0 ? {} : { content }),
    };
  }
  if (node.type === 'code') return codeBlock(node);
  if (node.type === 'math') return mathBlock(node);
  if (node.type === 'expandable') return expandable(node);
  if (node.type === 'table') return tableToEditor(node, (child) => block(child, undefined));
  if (node.type === 'divider' && node.nodes === undefined) {
    return { type: 'horizontalRule', attrs: { gitbook: restOf(node) } };
  }
  if (node.type === 'embed') return embed(node);
  if (
    node.type === 'content-ref' &&
    typeof node.data?.ref === 'object' &&
    node.nodes === undefined
  ) {
    return { type: 'contentRef', attrs: { ref: node.data.ref, gitbook: restOf(node) } };
  }
  if (node.type === 'file') return fileBlock(node);
  const editorType = containers[node.type];
  if (editorType === undefined || node.nodes === undefined || node.nodes.length === 0) {
    return undefined;
  }
  // A list holds list items only, and a list item lives only in a list; so do tabs and steps.
  const expectedItem = parentType === undefined ? undefined : itemContainers[parentType];
  if (itemTypes.has(node.type) ? expectedItem !== node.type : expectedItem !== undefined) {
    return undefined;
  }
  const content = node.nodes.map((child) => block(child, node.type));
  const type = node.type;
  if (itemContainers[type] !== undefined && content.some((child) => child.type !== itemOf(type))) {
    return undefined;
  }
  const style = node.data?.style;
  const title = node.data?.title;
  const expression = node.data?.expression;
  if (node.type === 'if' && typeof expression !== 'string') return undefined;
  const isTask = node.type === 'list-item' && parentType === 'list-tasks';
  return {
    type: isTask ? 'taskItem' : editorType,
    attrs: {
      ...(node.type === 'hint' ? { style: typeof style === 'string' ? style : 'info' } : {}),
      ...(node.type === 'tabs-item' ? { title: typeof title === 'string' ? title : null } : {}),
      ...(node.type === 'if' ? { expression } : {}),
      ...(isTask ? { checked: node.data?.checked === true } : {}),
      gitbook: restOf(node),
    },
    content,
  };
}

/**
 * An expandable (`<details>`): its title, when it is plain text, edited as an attribute; its body
 * as blocks. Its fragments' keys and data stay in `gitbook`.
 */
function expandable(node: GitBookNode): JSONContent | undefined {
  const [title, body, ...more] = node.fragments ?? [];
  if (title?.fragment !== 'expandable-title' || body?.fragment !== 'expandable-body') {
    return undefined;
  }
  if (more.length > 0 || node.nodes !== undefined || (body.nodes ?? []).length === 0) {
    return undefined;
  }
  const [line, ...moreLines] = title.nodes ?? [];
  const [text, ...moreText] = line?.nodes ?? [];
  const [leaf, ...moreLeaves] = text?.leaves ?? [];
  const plainLeaf =
    leaf !== undefined &&
    typeof leaf.text === 'string' &&
    (leaf.marks ?? []).length === 0 &&
    Object.keys(leaf).every((key) => ['object', 'text', 'marks'].includes(key));
  if (
    line?.type !== 'paragraph' ||
    moreLines.length > 0 ||
    text === undefined ||
    !isPlainText(text) ||
    moreText.length > 0 ||
    !plainLeaf ||
    moreLeaves.length > 0
  ) {
    return undefined;
  }
  return {
    type: 'expandable',
    attrs: { title: leaf.text, gitbook: restOf(node) },
    content: (body.nodes ?? []).map((child) => block(child, 'expandable-body')),
  };
}

/** The caption GitBook's Markdown writes inside an embed's or a file's tags, if it has one. */
function captionOf(node: GitBookNode): string | null {
  const caption = node.markdown?.caption;
  return typeof caption === 'string' ? caption : null;
}

/** An embed (`{% embed url="…" %}`): its URL and caption edited as attributes. */
function embed(node: GitBookNode): JSONContent | undefined {
  const url = node.data?.url;
  if (typeof url !== 'string' || node.nodes !== undefined) return undefined;
  return { type: 'embed', attrs: { url, caption: captionOf(node), gitbook: restOf(node) } };
}

/** A file block (`{% file src="…" %}`): the file it names and its caption. */
function fileBlock(node: GitBookNode): JSONContent | undefined {
  const ref = node.data?.ref as { kind?: string; file?: unknown } | undefined;
  if (ref?.kind !== 'file' || typeof ref.file !== 'string' || node.nodes !== undefined) {
    return undefined;
  }
  return {
    type: 'file',
    attrs: { file: ref.file, caption: captionOf(node), gitbook: restOf(node) },
  };
}

/** A block formula (`$$…$$` on its own): its TeX edited as text. */
function mathBlock(node: GitBookNode): JSONContent | undefined {
  const formula = node.data?.formula;
  if (typeof formula !== 'string' || node.nodes !== undefined) return undefined;
  return { type: 'mathBlock', attrs: { formula, gitbook: restOf(node) } };
}

function codeBlock(node: GitBookNode): JSONContent | undefined {
  const lines: string[] = [];
  const lineRests: Rest[] = [];
  for (const line of node.nodes ?? []) {
    if (line.object !== 'block' || line.type !== 'code-line') return undefined;
    const [text, ...more] = line.nodes ?? [];
    if (text === undefined || more.length > 0 || !isPlainText(text)) return undefined;
    const [leaf, ...moreLeaves] = text.leaves ?? [];
    if (leaf === undefined || moreLeaves.length > 0 || (leaf.marks ?? []).length > 0)
      return undefined;
    if (leaf.text === undefined || leaf.text.includes('\n')) return undefined;
    lines.push(leaf.text);
    lineRests.push(restOf(line));
  }
  if (lines.length === 0) return undefined;
  const text = lines.join('\n');
  const syntax = node.data?.syntax;
  return {
    type: 'codeBlock',
    attrs: {
      language: typeof syntax === 'string' ? syntax : null,
      gitbook: { ...restOf(node), lines: lineRests },
    },
    ...(text === '' ? {} : { content: [{ type: 'text', text }] }),
  };
}

function isPlainText(node: GitBookNode): boolean {
  return (
    node.object === 'text' && Object.keys(node).every((key) => key === 'object' || key === 'leaves')
  );
}

/** Void inlines of one text field the editor edits: GitBook's type → the editor's, and the field. */
const voidInlines: Record<string, readonly [string, string]> = {
  'inline-math': ['inlineMath', 'formula'],
  expression: ['expression', 'expression'],
};
const gitbookVoidInlines = new Map(
  Object.entries(voidInlines).map(([gitbook, [editor, field]]) => [editor, [gitbook, field]]),
);

function editableVoidInline(node: GitBookNode): boolean {
  const field = voidInlines[node.type ?? '']?.[1];
  return (
    node.object === 'inline' &&
    field !== undefined &&
    typeof node.data?.[field] === 'string' &&
    node.nodes === undefined
  );
}

/** Running text as the editor's text and atoms; undefined when the editor could not keep it exact. */
function inlines(nodes: readonly GitBookNode[], link?: EditorMark): JSONContent[] | undefined {
  const content: JSONContent[] = [];
  let previousLink: GitBookNode | undefined;
  for (const node of nodes) {
    if (isPlainText(node)) {
      for (const leaf of node.leaves ?? []) {
        if (leaf.text === undefined || leaf.text === '') {
          // Running text never holds an empty leaf, but for an empty block's one.
          if (nodes.length === 1 && node.leaves?.length === 1) continue;
          return undefined;
        }
        const marks = (leaf.marks ?? []).map(editorMark);
        if (marks.some((mark) => mark === undefined)) return undefined;
        content.push({
          type: 'text',
          text: leaf.text,
          marks: [...(marks as EditorMark[]), ...(link === undefined ? [] : [link])],
        });
      }
      previousLink = undefined;
    } else if (node.object === 'inline' && node.type === 'link' && link === undefined) {
      // Two links side by side with the same target would read back as one.
      if (
        previousLink !== undefined &&
        JSON.stringify(restOf(previousLink)) === JSON.stringify(restOf(node))
      ) {
        return undefined;
      }
      const ref = node.data?.ref as { kind?: string; url?: string } | undefined;
      const mark: EditorMark = {
        type: 'link',
        attrs: { href: ref?.kind === 'url' ? (ref.url ?? null) : null, gitbook: restOf(node) },
      };
      const inner = inlines(node.nodes ?? [], mark);
      if (inner === undefined || inner.length === 0) return undefined;
      content.push(...inner);
      previousLink = node;
    } else if (editableVoidInline(node)) {
      const [type, field] = voidInlines[node.type as string] as [string, string];
      content.push({
        type,
        attrs: { [field]: node.data?.[field], gitbook: restOf(node) },
        ...(link === undefined ? {} : { marks: [link] }),
      });
      previousLink = undefined;
    } else {
      content.push({
        type: 'keptInline',
        attrs: { node },
        ...(link === undefined ? {} : { marks: [link] }),
      });
      previousLink = undefined;
    }
  }
  return content;
}

function editorMark(mark: GitBookNode): EditorMark | undefined {
  const name = mark.type === undefined ? undefined : editorMarkOf.get(mark.type);
  if (name === undefined || mark.object !== 'mark') return undefined;
  const { object: _object, type: _type, ...rest } = mark;
  return { type: name, attrs: { gitbook: Object.keys(rest).length === 0 ? null : rest } };
}

// ——— editor → GitBook ———

/** GitBook's document for what the editor holds. */
export function fromEditorDocument(doc: JSONContent): GitBookDocument {
  const kept = (doc.attrs?.gitbook ?? {}) as { data?: Record<string, unknown>; empty?: boolean };
  const content = doc.content ?? [];
  const untouchedEmpty =
    kept.empty === true &&
    content.length === 1 &&
    content[0]?.type === 'paragraph' &&
    (content[0].content ?? []).length === 0;
  return {
    object: 'document',
    data: kept.data ?? {},
    nodes: untouchedEmpty ? [] : content.map(fromBlock),
  };
}

function fromBlock(node: JSONContent): GitBookNode {
  const rest = (node.attrs?.gitbook ?? {}) as Rest;
  const {
    nodes: emptyNodes,
    lines: lineRests,
    ...kept
  } = rest as Rest & {
    nodes?: GitBookNode[];
    lines?: Rest[];
  };
  const data = (kept.data ?? {}) as Record<string, unknown>;
  switch (node.type) {
    case 'keptBlock':
      return node.attrs?.node as GitBookNode;
    case 'paragraph':
    case 'heading': {
      const content = node.content ?? [];
      const type = node.type === 'paragraph' ? 'paragraph' : `heading-${node.attrs?.level ?? 1}`;
      return {
        object: 'block',
        type,
        ...kept,
        data,
        nodes: content.length === 0 ? (emptyNodes ?? [emptyText()]) : fromInlines(content),
      } as GitBookNode;
    }
    case 'codeBlock': {
      const text = (node.content ?? []).map((child) => child.text ?? '').join('');
      const language = node.attrs?.language as string | null | undefined;
      const { syntax: _syntax, ...otherData } = data;
      return {
        object: 'block',
        type: 'code',
        ...kept,
        data: language ? { ...otherData, syntax: language } : otherData,
        nodes: text.split('\n').map((line, index) => ({
          object: 'block',
          type: 'code-line',
          ...(lineRests?.[index] ?? { data: {} }),
          nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: line, marks: [] }] }],
        })),
      } as GitBookNode;
    }
    case 'mathBlock':
      return {
        object: 'block',
        type: 'math',
        ...newVoid(node),
        ...kept,
        data: { ...data, formula: String(node.attrs?.formula ?? '') },
      } as GitBookNode;
    case 'horizontalRule':
      return { object: 'block', type: 'divider', ...newVoid(node), ...kept, data } as GitBookNode;
    case 'embed':
      return withCaption(node, kept, {
        object: 'block',
        type: 'embed',
        ...newVoid(node),
        ...kept,
        data: { ...data, url: String(node.attrs?.url ?? '') },
      });
    case 'contentRef': {
      const ref = node.attrs?.ref ?? null;
      const same = JSON.stringify(ref) === JSON.stringify(data.ref ?? null);
      // Another page chosen: GitBook's Markdown is then written from the new reference.
      const { markdown: _markdown, ...unwritten } = kept;
      return {
        object: 'block',
        type: 'content-ref',
        ...newVoid(node),
        ...(same ? kept : unwritten),
        data: { ...data, ref },
      } as GitBookNode;
    }
    case 'file': {
      const file = String(node.attrs?.file ?? '');
      const ref = data.ref as { file?: string } | undefined;
      return withCaption(node, kept, {
        object: 'block',
        type: 'file',
        ...newVoid(node),
        ...kept,
        data: { ...data, ref: ref?.file === file ? ref : { kind: 'file', file } },
      });
    }
    case 'expandable': {
      const [titleFragment, bodyFragment] = (kept.fragments ?? []) as GitBookNode[];
      const titleLine = titleFragment?.nodes?.[0];
      const title = String(node.attrs?.title ?? '');
      return {
        object: 'block',
        type: 'expandable',
        isVoid: true,
        ...kept,
        data,
        fragments: [
          {
            object: 'fragment',
            fragment: 'expandable-title',
            type: 'expandable-title',
            ...titleFragment,
            nodes: [
              {
                object: 'block',
                type: 'paragraph',
                data: {},
                ...titleLine,
                nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: title, marks: [] }] }],
              },
            ],
          },
          {
            object: 'fragment',
            fragment: 'expandable-body',
            type: 'expandable-body',
            ...bodyFragment,
            nodes: (node.content ?? []).map(fromBlock),
          },
        ],
      } as GitBookNode;
    }
    case 'table':
      return tableFromEditor(node, fromBlock);
    case 'tabsItem': {
      const { title: _title, ...otherData } = data;
      const title = node.attrs?.title;
      return {
        object: 'block',
        type: 'tabs-item',
        ...kept,
        data: typeof title === 'string' ? { ...otherData, title } : otherData,
        nodes: (node.content ?? []).map(fromBlock),
      } as GitBookNode;
    }
    case 'taskItem': {
      // A task item always says whether it is done, as GitBook writes `- [ ]` or `- [x]`.
      return {
        object: 'block',
        type: 'list-item',
        ...kept,
        data: { ...data, checked: node.attrs?.checked === true },
        nodes: (node.content ?? []).map(fromBlock),
      } as GitBookNode;
    }
    default: {
      const type = containerTypes.get(node.type ?? '') ?? 'paragraph';
      return {
        object: 'block',
        type,
        ...kept,
        data:
          type === 'hint'
            ? { ...data, style: node.attrs?.style ?? 'info' }
            : type === 'if'
              ? { ...data, expression: String(node.attrs?.expression ?? '') }
              : data,
        nodes: (node.content ?? []).map(fromBlock),
      } as GitBookNode;
    }
  }
}

/** GitBook's void blocks and inlines say so; a node the editor made has no `gitbook` yet. */
function newVoid(node: JSONContent): { isVoid?: true } {
  return node.attrs?.gitbook == null ? { isVoid: true } : {};
}

/** The node with the caption the writer set, in the `markdown` details the document package reads. */
function withCaption(node: JSONContent, kept: Rest, written: GitBookNode): GitBookNode {
  const caption = node.attrs?.caption;
  const markdown = kept.markdown as Rest | undefined;
  if ((markdown?.caption ?? null) === caption) return written;
  const { markdown: _markdown, ...rest } = written;
  const { caption: _previous, ...others } = markdown ?? {};
  const details = typeof caption === 'string' && caption !== '' ? { ...others, caption } : others;
  return (Object.keys(details).length === 0 ? rest : { ...rest, markdown: details }) as GitBookNode;
}

function emptyText(): GitBookNode {
  return { object: 'text', leaves: [{ object: 'leaf', text: '', marks: [] }] };
}

function linkOf(node: JSONContent): JSONContent | undefined {
  return node.marks?.find((mark) => mark.type === 'link');
}

function sameLink(a: JSONContent | undefined, b: JSONContent | undefined): boolean {
  return a !== undefined && b !== undefined && JSON.stringify(a.attrs) === JSON.stringify(b.attrs);
}

function fromInlines(content: readonly JSONContent[]): GitBookNode[] {
  const nodes: GitBookNode[] = [];
  let index = 0;
  while (index < content.length) {
    const link = linkOf(content[index] as JSONContent);
    let end = index + 1;
    while (
      end < content.length &&
      (link === undefined
        ? linkOf(content[end] as JSONContent) === undefined
        : sameLink(link, linkOf(content[end] as JSONContent)))
    ) {
      end += 1;
    }
    const run = fromRunningText(content.slice(index, end));
    nodes.push(...(link === undefined ? run : [fromLink(link, run)]));
    index = end;
  }
  return nodes;
}

function fromLink(link: JSONContent, nodes: GitBookNode[]): GitBookNode {
  const kept = (link.attrs?.gitbook ?? null) as Rest | null;
  const href = link.attrs?.href as string | null | undefined;
  const ref = (kept?.data as { ref?: { kind?: string; url?: string } } | undefined)?.ref;
  // A link whose address the writer changed, or a new one, points at that address.
  const changed = href != null && (ref === undefined || (ref.kind === 'url' && ref.url !== href));
  const base = kept ?? { data: {}, isVoid: false };
  return {
    object: 'inline',
    type: 'link',
    ...base,
    ...(changed ? { data: { ...(base.data as Rest), ref: { kind: 'url', url: href } } } : {}),
    nodes,
  } as GitBookNode;
}

function fromRunningText(content: readonly JSONContent[]): GitBookNode[] {
  const nodes: GitBookNode[] = [];
  let leaves: GitBookNode[] = [];
  const flush = () => {
    if (leaves.length > 0) nodes.push({ object: 'text', leaves });
    leaves = [];
  };
  for (const node of content) {
    if (node.type === 'text') {
      leaves.push({ object: 'leaf', text: node.text ?? '', marks: fromMarks(node.marks ?? []) });
    } else if (gitbookVoidInlines.has(node.type ?? '')) {
      flush();
      const [type, field] = gitbookVoidInlines.get(node.type ?? '') as [string, string];
      const kept = (node.attrs?.gitbook ?? {}) as Rest;
      nodes.push({
        object: 'inline',
        type,
        ...newVoid(node),
        ...kept,
        data: { ...(kept.data as Rest), [field]: String(node.attrs?.[field] ?? '') },
      } as GitBookNode);
    } else {
      flush();
      nodes.push(node.attrs?.node as GitBookNode);
    }
  }
  flush();
  return nodes;
}

function fromMarks(marks: readonly JSONContent[]): GitBookNode[] {
  return marks
    .flatMap((mark): GitBookNode[] => {
      const type = gitbookMarkOf.get(mark.type ?? '');
      if (type === undefined) return [];
      const kept = (mark.attrs?.gitbook ?? null) as Rest | null;
      return [{ object: 'mark', type, ...(kept ?? {}) } as GitBookNode];
    })
    .sort((a, b) => (markRank.get(a.type ?? '') ?? 0) - (markRank.get(b.type ?? '') ?? 0));
}
