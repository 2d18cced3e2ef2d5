import type { IntegrationScriptLimits } from '../config.js';
import type { SandboxAnswer } from './integration-sandbox.js';
import type { IntegrationScriptTask } from './integration-script-worker.js';
import type { WorkerPool } from './worker-pool.js';

/**
 * Runs published integration scripts, one event at a time, on the server's worker pool: each
 * in a fresh QuickJS sandbox (see `integration-sandbox.ts`) within CPU, memory and time limits,
 * its `fetch` going through the outbound guard. The answer is the script's Response, unchecked;
 * what it must hold is the caller's business.
 */
export interface IntegrationScripts {
  /**
   * Posts `event` to the script's worker `fetch(request, env, ctx)` as GitBook's dispatcher
   * does: a POST to `…/v1` whose multipart form carries `event` and `environment` as JSON.
   */
  dispatch(script: string, event: object, environment: object): Promise<SandboxAnswer>;
}

/** How scripts run: their limits, and where their fetches may go. */
export interface IntegrationScriptsOptions {
  limits: IntegrationScriptLimits;
  /** Lets the scripts' fetches reach private and loopback addresses (`OUTBOUND_ALLOW_PRIVATE`). */
  outboundAllowPrivate: boolean;
}

// `@gitbook/runtime` answers only events posted to version 1 of its path; the host is never
// reached, the script only reads the URL.
const eventUrl = 'https://integrations.quire.invalid/v1';

// A script's fetches: each bounded like the server's other outbound fetches, and few per event.
const fetchTimeoutMs = 10_000;
const fetchMaxBytes = 5 * 1024 * 1024;
const maxFetchesPerEvent = 50;
const stopGraceMs = 5_000;

/**
 * @example
 * const scripts = createIntegrationScripts(workers, { limits, outboundAllowPrivate: false });
 * const answer = await scripts.dispatch(integration.script, event, environment);
 */
export function createIntegrationScripts(
  workers: WorkerPool,
  { limits, outboundAllowPrivate }: IntegrationScriptsOptions,
): IntegrationScripts {
  return {
    async dispatch(script, event, environment) {
      const task: IntegrationScriptTask = {
        event: {
          script,
          url: eventUrl,
          event: JSON.stringify(event),
          environment: JSON.stringify(environment),
        },
        limits: { ...limits, maxFetches: maxFetchesPerEvent },
        outbound: {
          allowPrivate: outboundAllowPrivate,
          timeoutMs: fetchTimeoutMs,
          maxBytes: fetchMaxBytes,
        },
      };
      // QuickJS checks its limits between bytecodes, every few thousand: a script stuck in long
      // native calls (a string op over megabytes, again and again) can outrun them. Past its
      // time and a grace, its thread is ended from here.
      const stop = new AbortController();
      const deadline = limits.wallMs + stopGraceMs;
      const timer = setTimeout(() => stop.abort(), deadline);
      try {
        const answer = await workers.run(
          'integration-script-worker',
          'runIntegrationScript',
          task,
          {
            signal: stop.signal,
          },
        );
        if (!isSandboxAnswer(answer))
          throw new Error('The integration script task answered nothing');
        return answer;
      } catch (error) {
        if (!stop.signal.aborted) throw error;
        return {
          ok: false,
          failure: 'wall',
          message: `The script did not answer within ${deadline} ms and its thread was stopped`,
        };
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

function isSandboxAnswer(value: unknown): value is SandboxAnswer {
  return typeof value === 'object' && value !== null && 'ok' in value;
}
