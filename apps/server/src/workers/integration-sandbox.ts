/**
 * Runs an integration script's `fetch` for one event inside QuickJS compiled to WebAssembly: the
 * script sees the JavaScript language and the web classes of {@link sandboxGlobalsSource}, and
 * nothing of Node (no `require`, `process`, modules, file system) nor of the server's memory,
 * since all it can touch is the WebAssembly instance's own linear memory. Each run gets a fresh
 * instance, so nothing one script leaves behind is seen by the next. What it may do outside is
 * what the host functions do: `fetch` goes to the `hostFetch` it is given (the outbound guard).
 */
import type { QuickJSContext, QuickJSHandle, QuickJSRuntime } from 'quickjs-emscripten-core';
import { isRecord } from '../is-record.js';
import { sandboxGlobalsSource } from './integration-sandbox-globals.js';
import { newQuickJSInstance } from './quickjs-instance.js';

/** How much a run may take. */
export interface SandboxLimits {
  /** Milliseconds the script may compute, counted only while its code runs (not while it waits). */
  cpuMs: number;
  /** Bytes the script's heap may hold. */
  memoryBytes: number;
  /** Milliseconds from start to answer, waits on fetches and timers included. */
  wallMs: number;
  /** Most `fetch` calls one run may make. */
  maxFetches: number;
}

/** One event for a script: the ESM bundle, where the event is posted, and its two form fields. */
export interface SandboxEvent {
  script: string;
  /** The URL the event is posted to; its path is the runtime's version (`/v1`). */
  url: string;
  /** The event's JSON. */
  event: string;
  /** The integration environment's JSON. */
  environment: string;
}

/** A `fetch` the script made, as the host receives it. */
export interface HostFetchRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
}

/** What the host answers a script's `fetch`. */
export interface HostFetchAnswer {
  url: string;
  status: number;
  contentType: string | undefined;
  body: string;
}

/** Why a run gave no answer. */
export type SandboxFailure = 'threw' | 'cpu' | 'memory' | 'wall' | 'no-answer';

/** The worker's Response, or why there is none (with a message for a person). */
export type SandboxAnswer =
  | { ok: true; status: number; contentType: string | undefined; body: string }
  | { ok: false; failure: SandboxFailure; message: string };

// QuickJS's own check of recursion depth must trip before the WebAssembly stack runs out (which
// is the host's RangeError): about a thousand frames of script, plenty for a worker.
const stackBytes = 192 * 1024;

/**
 * Runs `event` through the script's default export's `fetch(request, env, ctx)`.
 * @example
 * const answer = await runInSandbox(event, limits, (request) => fetchGuarded(request));
 * if (answer.ok) JSON.parse(answer.body);
 */
export async function runInSandbox(
  event: SandboxEvent,
  limits: SandboxLimits,
  hostFetch: (request: HostFetchRequest) => Promise<HostFetchAnswer>,
): Promise<SandboxAnswer> {
  const { runtime, context, memoryIsFull } = await newQuickJSInstance(limits.memoryBytes);
  // Nothing is disposed: the whole WebAssembly instance is dropped after the run, with whatever
  // the script left in it (freeing a runtime a stopped script left objects in aborts).
  try {
    return await new SandboxRun(runtime, context, limits, hostFetch, memoryIsFull).dispatch(event);
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    return { ok: false, failure: 'threw', message: `The script failed: ${error.message}` };
  }
}

class SandboxRun {
  private cpuUsed = 0;
  private enteredAt: number | undefined;
  private stoppedFor: 'cpu' | undefined;
  private fetches = 0;
  private closed = false;
  private readonly waits = new Set<Promise<void>>();

  constructor(
    private readonly runtime: QuickJSRuntime,
    private readonly vm: QuickJSContext,
    private readonly limits: SandboxLimits,
    private readonly hostFetch: (request: HostFetchRequest) => Promise<HostFetchAnswer>,
    private readonly memoryIsFull: () => boolean,
  ) {
    runtime.setMaxStackSize(stackBytes);
    runtime.setInterruptHandler(() => {
      if (this.enteredAt === undefined) return false;
      if (this.cpuUsed + (performance.now() - this.enteredAt) <= limits.cpuMs) return false;
      this.stoppedFor = 'cpu';
      return true;
    });
    // No module but the script itself: `import('fs')` and static imports fail.
    runtime.setModuleLoader((name) => ({
      error: new Error(`Integration scripts cannot import modules; "${name}" is not available`),
    }));
  }

  async dispatch(event: SandboxEvent): Promise<SandboxAnswer> {
    let timer: NodeJS.Timeout | undefined;
    const wall = new Promise<'wall'>((resolve) => {
      timer = setTimeout(() => resolve('wall'), this.limits.wallMs);
    });
    try {
      return await this.dispatchWithin(event, wall);
    } finally {
      clearTimeout(timer);
      this.closed = true;
    }
  }

  private async dispatchWithin(event: SandboxEvent, wall: Promise<'wall'>): Promise<SandboxAnswer> {
    const vm = this.vm;
    this.installHost();
    const prelude = this.inVm(() => vm.evalCode(sandboxGlobalsSource, 'quire-globals.js'));
    if (prelude.error) return this.failure(prelude.error, 'The sandbox could not start');
    prelude.value.dispose();
    const dispatch = vm.getProp(vm.global, '__quireDispatch');
    vm.setProp(vm.global, '__quireDispatch', vm.undefined);

    const loaded = this.inVm(() =>
      vm.evalCode(event.script, 'integration.js', { type: 'module', strict: true }),
    );
    if (loaded.error) return this.failure(loaded.error, 'The script failed to load');
    // A module with top-level await evaluates to a promise of its namespace.
    const namespace = await this.settle(loaded.value, wall);
    if ('failure' in namespace) return namespace.failure;

    const args = [namespace.value, event.url, event.event, event.environment].map((value) =>
      typeof value === 'string' ? vm.newString(value) : value,
    );
    const called = this.inVm(() => vm.callFunction(dispatch, vm.undefined, ...args));
    for (const handle of args) handle.dispose();
    dispatch.dispose();
    if (called.error) return this.failure(called.error, 'The script failed');
    const settled = await this.settle(called.value, wall);
    if ('failure' in settled) return settled.failure;
    const answer = readAnswer(vm.getString(settled.value));
    settled.value.dispose();
    // The prelude wrote it, unless the script replaced what the prelude relies on (`JSON`).
    return (
      answer ?? { ok: false, failure: 'threw', message: 'The script answered nothing readable' }
    );
  }

  /**
   * Runs the sandbox's jobs until `handle` (a value, or a promise) settles, waiting on the host
   * (fetches, timers) between turns, within the run's wall time.
   */
  private async settle(
    handle: QuickJSHandle,
    wall: Promise<'wall'>,
  ): Promise<{ value: QuickJSHandle } | { failure: SandboxAnswer }> {
    const vm = this.vm;
    for (;;) {
      const jobs = this.inVm(() => this.runtime.executePendingJobs());
      if (jobs.error) return { failure: this.failure(jobs.error, 'The script failed') };
      const state = vm.getPromiseState(handle);
      if (state.type === 'fulfilled') {
        if (!state.notAPromise) handle.dispose();
        return { value: state.value };
      }
      if (state.type === 'rejected') {
        handle.dispose();
        return { failure: this.failure(state.error, 'The script failed') };
      }
      if (this.waits.size === 0) {
        handle.dispose();
        return {
          failure: {
            ok: false,
            failure: 'no-answer',
            message: 'The script never answered: its promise waits on nothing',
          },
        };
      }
      const woke = await Promise.race([wall, ...this.waits]);
      if (woke === 'wall') {
        return {
          failure: {
            ok: false,
            failure: 'wall',
            message: `The script did not answer within ${this.limits.wallMs} ms`,
          },
        };
      }
    }
  }

  /** The host's functions, as `__quireHost`; the prelude takes them off the global object. */
  private installHost(): void {
    const vm = this.vm;
    const host = vm.newObject();
    const parseUrl = vm.newFunction('parseUrl', (input, base) => {
      const href = vm.getString(input);
      const baseHref = vm.getString(base);
      const url =
        baseHref === ''
          ? URL.canParse(href) && new URL(href)
          : URL.canParse(href, baseHref) && new URL(href, baseHref);
      if (!url)
        return { error: vm.newError({ name: 'TypeError', message: `Invalid URL: ${href}` }) };
      const { href: full, origin, protocol, username, password, host: at, hostname } = url;
      const { port, pathname, search, hash } = url;
      return {
        value: vm.newString(
          JSON.stringify({
            href: full,
            origin,
            protocol,
            username,
            password,
            host: at,
            hostname,
            port,
            pathname,
            search,
            hash,
          }),
        ),
      };
    });
    const fetch = vm.newFunction('fetch', (requestJson) => {
      const request: HostFetchRequest = JSON.parse(vm.getString(requestJson));
      this.fetches += 1;
      if (this.fetches > this.limits.maxFetches) {
        return {
          error: vm.newError(
            `A script may make at most ${this.limits.maxFetches} fetches per event`,
          ),
        };
      }
      return {
        value: this.deferred(this.hostFetch(request).then((answer) => JSON.stringify(answer))),
      };
    });
    const sleep = vm.newFunction('sleep', (milliseconds) => {
      const delay = Math.min(vm.getNumber(milliseconds), this.limits.wallMs);
      return {
        value: this.deferred(new Promise((resolve) => setTimeout(() => resolve(''), delay))),
      };
    });
    const log = vm.newFunction('log', () => vm.undefined);
    for (const [name, fn] of [
      ['parseUrl', parseUrl],
      ['fetch', fetch],
      ['sleep', sleep],
      ['log', log],
    ] as const) {
      vm.setProp(host, name, fn);
      fn.dispose();
    }
    vm.setProp(vm.global, '__quireHost', host);
    host.dispose();
  }

  /** A sandbox promise settled by a host promise of text; the run waits on it between turns. */
  private deferred(work: Promise<string>): QuickJSHandle {
    const vm = this.vm;
    const deferred = vm.newPromise();
    const wait = work.then(
      (text) => {
        if (this.closed) return;
        const value = vm.newString(text);
        deferred.resolve(value);
        value.dispose();
      },
      (error: unknown) => {
        if (this.closed) return;
        const thrown = vm.newError(error instanceof Error ? error.message : String(error));
        deferred.reject(thrown);
        thrown.dispose();
      },
    );
    const tracked = wait.finally(() => this.waits.delete(tracked));
    this.waits.add(tracked);
    return deferred.handle;
  }

  /** Runs sandbox code, counting the time toward the CPU limit. */
  private inVm<T>(work: () => T): T {
    this.enteredAt = performance.now();
    try {
      return work();
    } finally {
      this.cpuUsed += performance.now() - this.enteredAt;
      this.enteredAt = undefined;
    }
  }

  /** Why a run failed, from the error the sandbox threw. */
  private failure(errorHandle: QuickJSHandle, what: string): SandboxAnswer {
    const dumped: unknown = this.vm.dump(errorHandle);
    errorHandle.dispose();
    if (this.stoppedFor === 'cpu') {
      return {
        ok: false,
        failure: 'cpu',
        message: `The script ran for more than ${this.limits.cpuMs} ms of CPU time and was stopped`,
      };
    }
    const message = messageOf(dumped);
    // Short of memory for the error itself, QuickJS throws `null`.
    if (dumped === null || /out of memory/i.test(message) || this.memoryIsFull()) {
      return {
        ok: false,
        failure: 'memory',
        message: `The script used more than ${this.limits.memoryBytes} bytes of memory and was stopped`,
      };
    }
    return { ok: false, failure: 'threw', message: `${what}: ${message}` };
  }
}

/** The prelude's `{status, contentType, body}`, checked. */
function readAnswer(text: string): SandboxAnswer | undefined {
  let answer: unknown;
  try {
    answer = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isRecord(answer) || typeof answer.status !== 'number' || typeof answer.body !== 'string') {
    return undefined;
  }
  const contentType = typeof answer.contentType === 'string' ? answer.contentType : undefined;
  return { ok: true, status: answer.status, contentType, body: answer.body };
}

function messageOf(dumped: unknown): string {
  if (typeof dumped === 'object' && dumped !== null) {
    const name = 'name' in dumped && typeof dumped.name === 'string' ? dumped.name : 'Error';
    if ('message' in dumped && typeof dumped.message === 'string') {
      return `${name}: ${dumped.message}`.slice(0, 500);
    }
  }
  return String(typeof dumped === 'string' ? dumped : JSON.stringify(dumped)).slice(0, 500);
}
