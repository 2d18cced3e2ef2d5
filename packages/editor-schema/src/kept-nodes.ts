/** A node of GitBook's document, as the editor keeps one it cannot edit. */
export interface KeptNode {
  object?: string;
  type?: string;
  data?: Record<string, unknown>;
  nodes?: KeptNode[];
  leaves?: { text?: string }[];
  fragments?: KeptNode[];
}

const labels: Record<string, string> = {
  table: 'Table',
  tabs: 'Tabs',
  expandable: 'Expandable',
  stepper: 'Stepper',
  images: 'Image',
  image: 'Image',
  file: 'File',
  embed: 'Embed',
  math: 'Math',
  'reusable-content': 'Reusable content',
  'content-ref': 'Page link',
  swagger: 'OpenAPI operation',
  'openapi-operation': 'OpenAPI operation',
  'openapi-schemas': 'OpenAPI schemas',
  'openapi-webhook': 'OpenAPI webhook',
  cards: 'Cards',
  columns: 'Columns',
  divider: 'Divider',
  if: 'Shown when a condition holds',
  code: 'Code',
  hint: 'Hint',
  'integration-block': 'Integration block',
};

/** The kind of a kept node, for styling. */
export function keptType(node: KeptNode | null): string {
  return node?.type ?? node?.object ?? 'unknown';
}

/** What a kept block shows: its kind, and the start of its text. */
export function keptLabel(node: KeptNode | null): string {
  const kind = labels[keptType(node)] ?? keptType(node).replace(/-/g, ' ');
  const text = plainText(node).trim().replace(/\s+/g, ' ');
  return text === '' ? kind : `${kind}: ${text.length > 80 ? `${text.slice(0, 80)}…` : text}`;
}

/** What a kept inline shows: its text, or what it is. */
export function keptInlineText(node: KeptNode | null): string {
  const data = node?.data ?? {};
  if (typeof data.code === 'string') return data.code;
  if (typeof data.formula === 'string') return data.formula;
  if (typeof data.emoji === 'string')
    return String.fromCodePoint(Number.parseInt(data.emoji, 16) || 0x2753);
  const text = plainText(node);
  return text === '' ? `[${keptType(node).replace(/-/g, ' ')}]` : text;
}

function plainText(node: KeptNode | null | undefined): string {
  if (node === null || node === undefined) return '';
  if (node.leaves !== undefined) return node.leaves.map((leaf) => leaf.text ?? '').join('');
  return [...(node.nodes ?? []), ...(node.fragments ?? [])].map(plainText).join(' ');
}
