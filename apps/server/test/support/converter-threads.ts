// Run in a process of its own by test/document-converter.test.ts: a process's thread count is
// exact only where no other test's threads come and go. Prints one JSON line of what it saw.
import { readFileSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createDocumentConverter } from '../../src/workers/document-converter.js';

/** Threads of this process (worker threads among them), from Linux's /proc. */
function threadCount(): number {
  const status = readFileSync('/proc/self/status', 'utf8');
  return Number(/^Threads:\s+(\d+)$/m.exec(status)?.[1]);
}

async function rejection(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

// Above the converter's inline threshold, so it goes to a worker thread.
const large = 'A paragraph of *text* with a [link](other.md).\n\n'.repeat(2000);
const small = '# Small page\n\nSome text.\n';

// The first asynchronous file call starts libuv's thread pool; have it running already.
await stat('.');
const before = threadCount();
const converter = createDocumentConverter();
await converter.fromMarkdown(small);
const afterSmall = threadCount();
await converter.fromMarkdown(large);
const afterLarge = threadCount();
const [convertingWhileClosing] = await Promise.all([
  rejection(converter.fromMarkdown(large)),
  converter.close(),
]);
const afterClose = threadCount();
await converter.close();
const afterClosing = await rejection(converter.fromMarkdown(small));
process.stdout.write(
  `${JSON.stringify({ before, afterSmall, afterLarge, afterClose, convertingWhileClosing, afterClosing })}\n`,
);
