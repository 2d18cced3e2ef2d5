/**
 * The answers of one thread in the order they were asked: each follows the one it names as its
 * previous (times alone cannot order answers given within the same millisecond, or by servers
 * whose clocks differ).
 */
export function inThreadOrder<Answer extends { id: string; previous_id: string | null }>(
  answers: readonly Answer[],
): Answer[] {
  const next = new Map<string | null, Answer[]>();
  for (const answer of answers) {
    next.set(answer.previous_id, [...(next.get(answer.previous_id) ?? []), answer]);
  }
  const ordered: Answer[] = [];
  const visit = (previous: string | null) => {
    for (const answer of next.get(previous) ?? []) {
      ordered.push(answer);
      visit(answer.id);
    }
  };
  visit(null);
  return ordered;
}
