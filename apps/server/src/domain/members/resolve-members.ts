import { invalid } from '../../errors.js';
import { membersAmong, membersByEmail } from '../../store/members.js';
import type { Executor } from '../../store/schema.js';

/**
 * The user ids of members of an organization named by id or email (an `@` makes it an email).
 * Anything naming nobody in the organization is a 400 that names it.
 * @example await resolveMembers(db, organizationId, ['V1StGXR8Z5jdHi6BmyT4', 'ada@example.com']);
 */
export async function resolveMembers(
  db: Executor,
  organizationId: string,
  references: readonly string[],
): Promise<Map<string, string>> {
  const emails = references.filter((reference) => reference.includes('@'));
  const ids = references.filter((reference) => !reference.includes('@'));
  const byEmail = await membersByEmail(db, organizationId, emails);
  const known = await membersAmong(db, organizationId, ids);
  const resolved = new Map<string, string>();
  const unknown: string[] = [];
  for (const reference of references) {
    const userId = reference.includes('@')
      ? byEmail.get(reference.toLowerCase())
      : known.has(reference)
        ? reference
        : undefined;
    if (userId === undefined) unknown.push(reference);
    else resolved.set(reference, userId);
  }
  if (unknown.length > 0) {
    throw invalid(`Not members of this organization: ${unknown.slice(0, 5).join(', ')}`);
  }
  return resolved;
}
