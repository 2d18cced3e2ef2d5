import { checkExample } from '../test/fidelity/commonmark.js';
import { checkGfmSample } from '../test/fidelity/gfm.js';
import { loadGfmSamples } from '../test/fidelity/gfm-samples.js';
import { KNOWN_COMMONMARK_DIFFERENCES } from '../test/fidelity/known-differences.js';
import { loadSpecExamples } from '../test/fidelity/spec-examples.js';

/**
 * Prints how much of what a reader sees survives a round trip: the CommonMark specification's
 * examples rendered with commonmark.js, and the GFM samples rendered with remark-gfm, each
 * before and after Markdown → document → Markdown. Differences are grouped by cause.
 */
const percent = (part: number, whole: number) => `${((part / whole) * 100).toFixed(1)}%`;

const examples = loadSpecExamples().map(checkExample);
const differing = examples.filter((outcome) => !outcome.matches);
const matching = examples.length - differing.length;
console.log(
  `CommonMark examples: ${matching} of ${examples.length} render identically (${percent(matching, examples.length)}); ` +
    `${examples.filter((outcome) => outcome.fixedPoint).length} of ${examples.length} are fixed points after one pass.`,
);
const explained = new Set(Object.values(KNOWN_COMMONMARK_DIFFERENCES).flat());
for (const [cause, numbers] of Object.entries(KNOWN_COMMONMARK_DIFFERENCES)) {
  console.log(`  ${numbers.length} × ${cause}: ${numbers.join(', ')}`);
}
const unexplained = differing.filter((outcome) => !explained.has(outcome.example.number));
for (const outcome of unexplained) {
  console.log(`  unexplained: example ${outcome.example.number} (${outcome.example.section})`);
  console.log(`    before: ${outcome.originalHtml}\n    after:  ${outcome.roundTrippedHtml}`);
}

const samples = loadGfmSamples().map((sample) => ({
  ...sample,
  ...checkGfmSample(sample.markdown),
}));
const samplesMatching = samples.filter((sample) => sample.matches).length;
console.log(
  `GFM samples: ${samplesMatching} of ${samples.length} render identically (${percent(samplesMatching, samples.length)}).`,
);
for (const sample of samples.filter((item) => !item.matches)) {
  console.log(
    `  ${sample.name}\n    before: ${sample.originalHtml}\n    after:  ${sample.roundTrippedHtml}`,
  );
}
