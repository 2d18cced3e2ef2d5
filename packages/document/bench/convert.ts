import { performance } from 'node:perf_hooks';
import { documentToMarkdown, markdownToDocument } from '../src/index.js';
import { micromarkTree, parseMarkdownTree } from '../src/markdown/parse.js';
import { serializeMarkdownTree } from '../src/markdown/serialize.js';
import { generatePage } from './generate-page.js';

/**
 * Converts a 1 MiB Markdown page both ways, then a 2 MiB one, and prints the median time of
 * several runs after warm-up, the heap and RSS growth of one conversion (after a GC, when
 * `--expose-gc` is on), and how much longer the 2 MiB page takes (linear: 2×). The parser rows
 * time the mdast parsing of the 1 MiB page and its writing, the floor the conversion cannot go
 * below, and micromark's parsing alone, the reference the parser falls back to. BENCH_BYTES and BENCH_RUNS override
 * the size and runs.
 */
const TARGET_BYTES = Number(process.env.BENCH_BYTES ?? 1024 * 1024);
const WARM_UP_RUNS = 1;
const MEASURED_RUNS = Number(process.env.BENCH_RUNS ?? 3);

const gc: (() => void) | undefined =
  typeof globalThis.gc === 'function' ? globalThis.gc : undefined;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** Median time over measured runs, and the heap the last run's result keeps alive. */
function measure<T>(run: () => T): { ms: number; retainedMb: number; result: T } {
  for (let index = 0; index < WARM_UP_RUNS; index++) run();
  const times: number[] = [];
  let result: T | undefined;
  let retained = 0;
  for (let index = 0; index < MEASURED_RUNS; index++) {
    result = undefined;
    gc?.();
    const before = process.memoryUsage().heapUsed;
    const start = performance.now();
    result = run();
    times.push(performance.now() - start);
    gc?.();
    retained = process.memoryUsage().heapUsed - before;
  }
  if (result === undefined) throw new Error('BENCH_RUNS must be at least 1');
  return { ms: median(times), retainedMb: retained / 1024 / 1024, result };
}

const markdown = generatePage(TARGET_BYTES);
const doubled = generatePage(2 * TARGET_BYTES);
const read = measure(() => markdownToDocument(markdown));
const written = measure(() => documentToMarkdown(read.result));
const readDoubled = measure(() => markdownToDocument(doubled));
const writtenDoubled = measure(() => documentToMarkdown(readDoubled.result));
const parsed = measure(() => parseMarkdownTree(markdown));
const parsedMicromark = measure(() => micromarkTree(markdown));
const serialized = measure(() => serializeMarkdownTree(parsed.result));

const size = `${(TARGET_BYTES / 1024).toFixed(0)} KiB`;
const twice = `${((2 * TARGET_BYTES) / 1024).toFixed(0)} KiB`;
const rows = [
  { direction: `Markdown → document, ${size}`, ...read },
  { direction: `document → Markdown, ${size}`, ...written },
  { direction: `Markdown → document, ${twice}`, ...readDoubled },
  { direction: `document → Markdown, ${twice}`, ...writtenDoubled },
  { direction: '(floor) parse to mdast', ...parsed },
  { direction: '(reference) micromark parse to mdast', ...parsedMicromark },
  { direction: '(floor) mdast to Markdown', ...serialized },
];
console.log(
  `Input: ${(Buffer.byteLength(markdown) / 1024).toFixed(0)} KiB Markdown, ${read.result.nodes.length} top-level blocks; ` +
    `median of ${MEASURED_RUNS} runs after ${WARM_UP_RUNS} warm-up runs; Node ${process.version}` +
    (gc ? '' : ' (run with --expose-gc for heap figures)'),
);
console.table(
  rows.map(({ direction, ms, retainedMb }) => ({
    direction,
    'median ms': Number(ms.toFixed(0)),
    'result heap MB': Number(retainedMb.toFixed(1)),
  })),
);
const roundTrip = read.ms + written.ms;
const roundTripDoubled = readDoubled.ms + writtenDoubled.ms;
console.log(
  `${size} read + written: ${roundTrip.toFixed(0)} ms (aim ≤ 300 ms); ${twice} ÷ ${size}: ` +
    `${(roundTripDoubled / roundTrip).toFixed(2)}× (aim ≤ 2.1×), Markdown → document ` +
    `${(readDoubled.ms / read.ms).toFixed(2)}×, document → Markdown ` +
    `${(writtenDoubled.ms / written.ms).toFixed(2)}×`,
);
console.log(`Peak RSS of the whole run: ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`);
console.log(
  `Round trip check: ${documentToMarkdown(markdownToDocument(written.result)) === written.result ? 'fixed point' : 'NOT a fixed point'}`,
);
