import { readlinkSync } from 'node:fs';
import { constants, setPriority } from 'node:os';

/**
 * Lowers this thread's scheduling priority (nice 10) on Linux; elsewhere it keeps its own. A
 * large conversion takes seconds of CPU, and where it competes with the event loop for a core,
 * the requests the event loop answers go first (nice 10 leaves the conversion about a tenth of a
 * core the event loop keeps busy, so it still goes on). A thread is named by its id, which
 * `/proc/thread-self` links to.
 */
export function yieldToTheEventLoop(): void {
  try {
    const threadId = Number(readlinkSync('/proc/thread-self').split('/').at(-1));
    if (Number.isInteger(threadId)) setPriority(threadId, constants.priority.PRIORITY_BELOW_NORMAL);
  } catch {
    // No /proc, or the priority cannot be changed: conversions run at the usual priority.
  }
}
