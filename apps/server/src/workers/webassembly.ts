/**
 * Node's `WebAssembly.Memory` and `WebAssembly.compile`, which the ES library the server compiles
 * against leaves out (the DOM's declares them): the sandbox hands QuickJS a memory with a maximum,
 * and compiles its module once per thread.
 */
declare global {
  namespace WebAssembly {
    interface MemoryDescriptor {
      /** Pages of 64 KiB to start with. */
      initial: number;
      /** Pages of 64 KiB it may grow to. */
      maximum?: number;
    }
    interface Memory {
      readonly buffer: ArrayBuffer;
      grow(delta: number): number;
    }
    var Memory: { prototype: Memory; new (descriptor: MemoryDescriptor): Memory };
    /** A compiled module, opaque. */
    interface Module {}
    function compile(bytes: Uint8Array): Promise<Module>;
  }
}

/** Compiles WebAssembly bytes to a module that can be instantiated many times. */
export function compileWasm(bytes: Uint8Array): Promise<WebAssembly.Module> {
  return WebAssembly.compile(bytes);
}

/** A WebAssembly memory of `initial` pages that grows to `maximum` pages at most. */
export function boundedWasmMemory(initial: number, maximum: number): WebAssembly.Memory {
  return new WebAssembly.Memory({ initial, maximum });
}
