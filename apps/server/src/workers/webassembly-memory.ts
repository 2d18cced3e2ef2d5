/**
 * Node's `WebAssembly.Memory`, which the ES library the server compiles against leaves out (the
 * DOM's declares it): the sandbox hands QuickJS a memory with a maximum.
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
  }
}

/** A WebAssembly memory of `initial` pages that grows to `maximum` pages at most. */
export function boundedWasmMemory(initial: number, maximum: number): WebAssembly.Memory {
  return new WebAssembly.Memory({ initial, maximum });
}
