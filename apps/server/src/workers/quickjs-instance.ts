import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import * as variantModule from '@jitl/quickjs-wasmfile-release-sync';
import {
  newQuickJSWASMModuleFromVariant,
  newVariant,
  type QuickJSContext,
  type QuickJSRuntime,
  type QuickJSSyncVariant,
} from 'quickjs-emscripten-core';
import { isRecord } from '../is-record.js';
import { boundedWasmMemory, compileWasm } from './webassembly.js';

/** A QuickJS runtime and context in a WebAssembly instance of their own. */
export interface QuickJSInstance {
  runtime: QuickJSRuntime;
  context: QuickJSContext;
  /** Whether the instance's memory has grown as far as it may. */
  memoryIsFull(): boolean;
}

// The WebAssembly instance starts with the 16 MiB QuickJS's build asks for (its code's data and
// stack); the script's heap comes on top.
const wasmPageBytes = 64 * 1024;
const wasmBasePages = (16 * 1024 * 1024) / wasmPageBytes;

/**
 * A fresh QuickJS instance whose heap may hold `memoryBytes`. QuickJS's own limit counts what
 * its allocator hands out, but not every buffer (typed arrays' bytes escape it): the instance's
 * whole memory is capped too, so a script that gets past the first limit finds no more memory to
 * grow into. Nothing is shared with other instances but the compiled code.
 * @example const { runtime, context } = await newQuickJSInstance(64 * 1024 * 1024);
 */
export async function newQuickJSInstance(memoryBytes: number): Promise<QuickJSInstance> {
  const maximumPages = wasmBasePages + Math.ceil(memoryBytes / wasmPageBytes);
  const wasmMemory = boundedWasmMemory(wasmBasePages, maximumPages);
  const quickjs = await newQuickJSWASMModuleFromVariant(
    newVariant(quickjsVariant(), { wasmMemory, wasmModule: await compiledQuickjs() }),
  );
  const runtime = quickjs.newRuntime();
  runtime.setMemoryLimit(memoryBytes);
  return {
    runtime,
    context: runtime.newContext(),
    memoryIsFull: () => wasmMemory.buffer.byteLength >= maximumPages * wasmPageBytes,
  };
}

let compiled: Promise<WebAssembly.Module> | undefined;

/** QuickJS's WebAssembly, compiled once per thread; each instance is made from it afresh. */
function compiledQuickjs(): Promise<WebAssembly.Module> {
  compiled ??= readFile(
    createRequire(import.meta.url).resolve('@jitl/quickjs-wasmfile-release-sync/wasm'),
  ).then((bytes) => compileWasm(bytes));
  return compiled;
}

/**
 * The QuickJS build: its module reads as the variant loaded as ESM, and as `{ default: variant }`
 * (once or twice over) through CommonJS, as the worker threads load it from sources.
 */
function quickjsVariant(): QuickJSSyncVariant {
  let candidate: unknown = variantModule;
  for (let depth = 0; depth < 3 && !isSyncVariant(candidate); depth += 1) {
    candidate = isRecord(candidate) ? candidate.default : undefined;
  }
  if (!isSyncVariant(candidate)) throw new Error('The QuickJS build could not be loaded');
  return candidate;
}

function isSyncVariant(value: unknown): value is QuickJSSyncVariant {
  return isRecord(value) && value.type === 'sync' && typeof value.importFFI === 'function';
}
