import { deepFreeze } from '../deep-freeze.js';
import { sameItems } from '../same-items.js';

// The JSON of kept answers, encoded once, by the answer object itself; and of the objects in their
// arrays (a tree's pages), which the next answer may share.
const encoded = new WeakMap<object, Buffer>();
const quotedKeys = new Map<string, string>();

/**
 * Freezes an answer that will be sent again and again, and writes its JSON once, as UTF-8: from
 * then on `jsonBodyOf` answers those bytes. An object of an earlier answer found in it (a page of
 * a tree that an edit left as it was) is not written again: its bytes are copied. Answers the
 * length of the JSON.
 */
export function cacheJsonText(answer: object): number {
  const chunks: Chunk[] = [];
  writeJson(deepFreeze(answer), chunks);
  const bytes = joinChunks(chunks);
  encoded.set(answer, bytes);
  return bytes.length;
}

/** The JSON of an answer body: written once for a kept answer (as bytes), else now. */
export function jsonBodyOf(body: unknown): string | Uint8Array {
  return (typeof body === 'object' && body !== null && encoded.get(body)) || JSON.stringify(body);
}

/** The length of a kept answer's JSON, if it was kept. */
export function cachedJsonTextLength(answer: object): number | undefined {
  return encoded.get(answer)?.length;
}

/** A run of JSON: text written now, or the bytes of an object written before. */
type Chunk = string | Buffer;

/**
 * Writes `JSON.stringify(value)` of a frozen value as chunks; an object in an array is kept as
 * bytes of its own, and so is each run of an array's items, for later answers that hold them too.
 */
function writeJson(value: unknown, chunks: Chunk[]): void {
  if (typeof value !== 'object' || value === null || 'toJSON' in value) {
    chunks.push(JSON.stringify(value) ?? 'null');
    return;
  }
  const kept = encoded.get(value);
  if (kept !== undefined) {
    chunks.push(kept);
    return;
  }
  if (Array.isArray(value)) {
    chunks.push('[');
    for (let start = 0; start < value.length; start += RUN_LENGTH) {
      if (start > 0) chunks.push(',');
      chunks.push(runBytes(value.slice(start, start + RUN_LENGTH)));
    }
    chunks.push(']');
    return;
  }
  chunks.push('{');
  let first = true;
  for (const key of Object.keys(value)) {
    const member = (value as Record<string, unknown>)[key];
    if (member === undefined || typeof member === 'function' || typeof member === 'symbol') {
      continue;
    }
    chunks.push(first ? quotedKey(key) : `,${quotedKey(key)}`);
    first = false;
    writeJson(member, chunks);
  }
  chunks.push('}');
}

/**
 * Items of an array are written in runs of this many, each run's bytes kept: a tree of ten
 * thousand pages that an edit changed in one place is then copied from some hundred kept runs,
 * not from ten thousand pages' bytes.
 */
const RUN_LENGTH = 64;

/** The bytes of a run of items, kept by its first item while the run holds the same items. */
const keptRuns = new WeakMap<object, { items: readonly unknown[]; bytes: Buffer }>();

/** The JSON of a run of array items, without brackets: kept, or written from its items. */
function runBytes(items: readonly unknown[]): Buffer {
  const [first] = items;
  const key = typeof first === 'object' && first !== null ? first : undefined;
  const kept = key === undefined ? undefined : keptRuns.get(key);
  if (kept !== undefined && sameItems(kept.items, items)) return kept.bytes;
  const chunks: Chunk[] = [];
  for (const [index, item] of items.entries()) {
    if (index > 0) chunks.push(',');
    chunks.push(itemBytes(item));
  }
  const bytes = joinChunks(chunks);
  if (key !== undefined) keptRuns.set(key, { items, bytes });
  return bytes;
}

/** The JSON of one array item; an object's is kept, for later answers that hold it too. */
function itemBytes(item: unknown): Chunk {
  if (typeof item !== 'object' || item === null) return JSON.stringify(item) ?? 'null';
  let bytes = encoded.get(item);
  if (bytes === undefined) {
    bytes = holdsObjectArrays(item) ? writeApart(item) : Buffer.from(JSON.stringify(item));
    encoded.set(item, bytes);
  }
  return bytes;
}

/**
 * Whether an object has arrays of objects among its members (a page's children): such an object
 * is written member by member, so that those objects are kept apart; any other at once.
 */
function holdsObjectArrays(value: object): boolean {
  for (const member of Object.values(value)) {
    if (Array.isArray(member) && member.some((item) => typeof item === 'object' && item !== null)) {
      return true;
    }
  }
  return false;
}

/** The bytes of `value`, written member by member. */
function writeApart(value: unknown): Buffer {
  const chunks: Chunk[] = [];
  writeJson(value, chunks);
  return joinChunks(chunks);
}

/** The chunks as one buffer: text encoded into it, kept bytes copied. */
function joinChunks(chunks: readonly Chunk[]): Buffer {
  let length = 0;
  for (const chunk of chunks) {
    length += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.length;
  }
  const bytes = Buffer.allocUnsafe(length);
  let offset = 0;
  for (const chunk of chunks) {
    if (typeof chunk === 'string') offset += bytes.write(chunk, offset);
    else {
      bytes.set(chunk, offset);
      offset += chunk.length;
    }
  }
  return bytes;
}

function quotedKey(key: string): string {
  let quoted = quotedKeys.get(key);
  if (quoted === undefined) {
    quoted = `${JSON.stringify(key)}:`;
    // Answers' keys are the contract's field names, and a map's ids: keep only the first few.
    if (quotedKeys.size < 10_000) quotedKeys.set(key, quoted);
  }
  return quoted;
}
