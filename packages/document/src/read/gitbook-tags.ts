import type { Block, ConditionalBlock, PageRefBlock } from '../types.js';

// `{% if <expression> %}`: the expression is GitBook's (visitor claims, `!`, `===`), kept as
// written; it is not `key="value"` attributes, so it is matched here rather than by `parseTag`.
const CONDITION = /^if (\S(?:.*\S)?)$/;

/** The condition of an `{% if … %}` tag line (GitBook's adaptive content), if it is one. */
export function readCondition(value: string): string | undefined {
  return CONDITION.exec(value)?.[1];
}

/** A block shown only when `condition` holds, holding `nodes`. */
export function conditionalBlock(condition: string, nodes: Block[]): ConditionalBlock {
  return { object: 'block', type: 'conditional', data: { condition }, nodes };
}

/** Older GitBook's page link card, `{% page-ref page="…" %}`. */
export function readPageRef(page: string): PageRefBlock {
  return { object: 'block', type: 'page-ref', isVoid: true, data: { page } };
}
