import type { components } from '@quire/contract';
import type { Document } from '@quire/document';
import { invalid } from '../../errors.js';
import { membersAmong } from '../../store/members.js';
import type { Executor } from '../../store/schema.js';
import { type ContentWriteServices, prepareBody } from '../content/prepare-changes.js';

type CommentBodyInput = components['schemas']['CommentBodyInput'];

/** Converts bodies between Markdown and documents. */
export type BodyConverter = Pick<ContentWriteServices, 'fromMarkdown' | 'toMarkdown'>;

/**
 * A comment or reply body as the document it is stored as: read like a page body, refused when
 * empty, and with every mention of someone outside the organization turned into its text, so a
 * body never points at a user the organization does not know.
 */
export async function readCommentBody(
  db: Executor,
  converter: BodyConverter,
  organizationId: string,
  input: CommentBodyInput,
  where: string,
): Promise<Document> {
  const read = await prepareBody(input, where, converter);
  if (read === undefined || read.nodes.length === 0) {
    throw invalid(`${where} is empty: a comment needs some text`);
  }
  const mentioned = mentionedUsers(read.nodes);
  if (mentioned.length === 0) return read;
  const members = await membersAmong(db, organizationId, mentioned);
  if (mentioned.every((user) => members.has(user))) return read;
  // Mentions are inlines, so text in their place leaves every block what it was; the copy is
  // typed as the document it still is. Reading its Markdown back gives the canonical document
  // (the new text merged with its neighbours).
  const kept: Document = JSON.parse(
    JSON.stringify({ ...read, nodes: read.nodes.map((node) => withoutMentionsOf(node, members)) }),
  );
  return (await converter.fromMarkdown(await converter.toMarkdown(kept))).document;
}

/** The user ids of every mention in these nodes, however deep. */
function mentionedUsers(nodes: readonly unknown[]): string[] {
  const users: string[] = [];
  for (const node of nodes) {
    if (isMention(node)) users.push(node.data.user);
    else if (hasNodes(node)) users.push(...mentionedUsers(node.nodes));
  }
  return users;
}

function withoutMentionsOf(node: unknown, members: ReadonlySet<string>): unknown {
  if (isMention(node)) {
    return members.has(node.data.user)
      ? node
      : { object: 'text', leaves: [{ object: 'leaf', text: node.data.label, marks: [] }] };
  }
  return hasNodes(node)
    ? { ...node, nodes: node.nodes.map((child) => withoutMentionsOf(child, members)) }
    : node;
}

function isMention(node: unknown): node is { data: { user: string; label: string } } {
  if (typeof node !== 'object' || node === null || !('data' in node)) return false;
  if (!('object' in node) || node.object !== 'inline' || !('type' in node)) return false;
  const { data } = node;
  return (
    node.type === 'mention' &&
    typeof data === 'object' &&
    data !== null &&
    'user' in data &&
    typeof data.user === 'string' &&
    'label' in data &&
    typeof data.label === 'string'
  );
}

function hasNodes(node: unknown): node is { nodes: unknown[] } {
  return typeof node === 'object' && node !== null && 'nodes' in node && Array.isArray(node.nodes);
}
