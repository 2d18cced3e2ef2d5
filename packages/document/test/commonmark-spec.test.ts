import { describe, expect, it } from 'vitest';
import { checkExample } from './fidelity/commonmark.js';
import { KNOWN_COMMONMARK_DIFFERENCES } from './fidelity/known-differences.js';
import { loadSpecExamples } from './fidelity/spec-examples.js';

const examples = loadSpecExamples();
const outcomes = examples.map(checkExample);
const known = Object.values(KNOWN_COMMONMARK_DIFFERENCES)
  .flat()
  .sort((a, b) => a - b);

describe('CommonMark specification examples', () => {
  it('reads and writes every example to a fixed point after one pass', () => {
    const notFixed = outcomes.filter((outcome) => !outcome.fixedPoint).map((o) => o.example.number);
    expect(notFixed).toEqual([]);
  });

  it('renders the same HTML after a round trip, except the known, explained differences', () => {
    const differing = outcomes.filter((outcome) => !outcome.matches).map((o) => o.example.number);
    const matching = examples.length - differing.length;
    console.info(
      `CommonMark examples rendering identically after a round trip: ${matching}/${examples.length} ` +
        `(${((matching / examples.length) * 100).toFixed(1)}%)`,
    );
    expect(differing).toEqual(known);
  });
});
