import { markKey } from '../model/marks.js';
import type { Mark, MarkType } from '../types.js';

/** A piece of running text as the planner sees it. */
export interface RunUnit {
  /**
   * The marks to nest, by key (`markKey`); `undefined` for a unit that carries none and sits
   * inside whichever run goes over it (an image, an emoji…).
   */
  readonly marks: ReadonlyMap<string, Mark> | undefined;
  /** Whether no run goes over it: an HTML link, whose text carries its own marks. */
  readonly endsRuns?: boolean;
}

/** How one writer nests marks; the two writers differ only in these. */
export interface MarkRunOptions<Unit extends RunUnit> {
  /** Marks to nest, the first outermost when two runs are equally long; others are the writer's. */
  order: readonly MarkType[];
  /**
   * Where unmarked units at the edges of a run go: `'inside'`, as Markdown writes them (`**a ![i](x)**`,
   * and a run may start before them); `'outside'`, as GitBook's HTML does, which starts and ends
   * every element at a marked unit.
   */
  edges: 'inside' | 'outside';
  /** The unit without one of its marks, as it goes inside that mark's run. */
  without(unit: Unit, key: string): Unit;
}

/** Units nested under their marks: a unit, or a mark with what it wraps. */
export type MarkTree<Unit> = { unit: Unit } | { mark: Mark; children: MarkTree<Unit>[] };

/**
 * Nests marks as few times as possible, for both writers of running text: at each point the mark
 * whose run reaches farthest is opened (ties go to the first in `order`), and what it covers is
 * planned again without it.
 * @example planMarkRuns(units, { order: ['bold', 'italic'], edges: 'inside', without });
 */
export function planMarkRuns<Unit extends RunUnit>(
  units: readonly Unit[],
  options: MarkRunOptions<Unit>,
): MarkTree<Unit>[] {
  const planned: MarkTree<Unit>[] = [];
  let index = 0;
  while (index < units.length) {
    const unit = units[index];
    if (unit === undefined) break;
    const mark = widestMark(units, index, options);
    if (mark === undefined) {
      planned.push({ unit });
      index++;
      continue;
    }
    const key = markKey(mark);
    const end = runEnd(units, index, key, options);
    const inside = units.slice(index, end).map((item) => options.without(item, key));
    planned.push({ mark, children: planMarkRuns(inside, options) });
    index = end;
  }
  return planned;
}

const carriesNoMarks = (unit: RunUnit | undefined) =>
  unit !== undefined && unit.marks === undefined && unit.endsRuns !== true;

/** The mark to open at `start`: the one whose run reaches farthest. */
function widestMark<Unit extends RunUnit>(
  units: readonly Unit[],
  start: number,
  options: MarkRunOptions<Unit>,
): Mark | undefined {
  let first = start;
  if (options.edges === 'inside') while (carriesNoMarks(units[first])) first++;
  const marks = units[first]?.marks;
  if (marks === undefined) return undefined;
  let best: Mark | undefined;
  let bestEnd = -1;
  for (const type of options.order) {
    for (const [key, mark] of marks) {
      if (mark.type !== type) continue;
      const end = runEnd(units, start, key, options);
      if (end > bestEnd) {
        best = mark;
        bestEnd = end;
      }
    }
  }
  return best;
}

/** End (exclusive) of the run of units from `start` that carry the mark `key`. */
function runEnd<Unit extends RunUnit>(
  units: readonly Unit[],
  start: number,
  key: string,
  { edges }: MarkRunOptions<Unit>,
): number {
  let lastMarked = start;
  let next = start;
  for (let unit = units[next]; unit !== undefined; unit = units[++next]) {
    if (carriesNoMarks(unit)) continue;
    if (unit.endsRuns === true || unit.marks?.has(key) !== true) break;
    lastMarked = next + 1;
  }
  return edges === 'inside' ? next : Math.max(lastMarked, start + 1);
}
