import { describe, expect, it } from 'vitest';
import { checkGfmSample } from './fidelity/gfm.js';
import { loadGfmSamples } from './fidelity/gfm-samples.js';

const samples = loadGfmSamples().map((sample) => ({
  ...sample,
  ...checkGfmSample(sample.markdown),
}));

/**
 * Samples known to render differently, with why (see the README). Marks are a set on each
 * leaf, so `~~**x**~~` and `**~~x~~**` are one document, written back as the latter.
 */
const KNOWN_DIFFERENCES = ['strikethrough.md'];

describe('GFM samples', () => {
  it('every sample is a fixed point after one pass', () => {
    expect(samples.filter((sample) => !sample.fixedPoint).map((sample) => sample.name)).toEqual([]);
  });

  it('samples render the same after a round trip, except the known differences', () => {
    const differing = samples.filter((sample) => !sample.matches).map((sample) => sample.name);
    console.info(
      `GFM samples rendering identically after a round trip: ${samples.length - differing.length}/${samples.length}; differing: ${differing.join(', ')}`,
    );
    expect(differing).toEqual(KNOWN_DIFFERENCES);
  });

  for (const sample of samples.filter((item) => !KNOWN_DIFFERENCES.includes(item.name))) {
    it(`${sample.name} renders the same`, () => {
      expect(sample.roundTrippedHtml, sample.roundTripped).toBe(sample.originalHtml);
    });
  }
});
