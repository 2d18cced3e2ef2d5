import { deepFreeze } from '../deep-freeze.js';

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
  const bytes = joinChunks(chunks, 0);
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
 * bytes of its own, for later answers that hold it too.
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
    for (const [index, item] of value.entries()) {
      if (index > 0) chunks.push(',');
      if (typeof item !== 'object' || item === null) {
        chunks.push(JSON.stringify(item) ?? 'null');
        continue;
      }
      let bytes = encoded.get(item);
      if (bytes === undefined) {
        bytes = holdsObjectArrays(item)
          ? writeApart(item, chunks)
          : Buffer.from(JSON.stringify(item));
        encoded.set(item, bytes);
      }
      chunks.push(bytes);
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

/** The bytes of `value` written after the chunks there are, which are left as they were. */
function writeApart(value: unknown, chunks: Chunk[]): Buffer {
  const start = chunks.length;
  writeJson(value, chunks);
  const bytes = joinChunks(chunks, start);
  chunks.length = start;
  return bytes;
}

/** The chunks from `start` on as one buffer: text encoded into it, kept bytes copied. */
function joinChunks(chunks: readonly Chunk[], start: number): Buffer {
  let length = 0;
  for (let index = start; index < chunks.length; index += 1) {
    const chunk = chunks[index] as Chunk;
    length += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.length;
  }
  const bytes = Buffer.allocUnsafe(length);
  let offset = 0;
  for (let index = start; index < chunks.length; index += 1) {
    const chunk = chunks[index] as Chunk;
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
