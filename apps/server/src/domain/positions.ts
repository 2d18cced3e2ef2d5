import { generateKeyBetween } from 'fractional-indexing';

/**
 * A position strictly between two sibling positions (`null`: no bound on that side), so that an
 * item moves by rewriting only its own row.
 * @example positionBetween(null, null); // 'a0'
 */
export function positionBetween(below: string | null, above: string | null): string {
  // Two siblings can share a position when concurrent writers picked the same one; the id breaks
  // that tie in listings, and the item goes right after the shared position.
  if (below !== null && above !== null && below >= above) return generateKeyBetween(below, null);
  return generateKeyBetween(below, above);
}
