/**
 * The task a worker thread runs for `createIntegrationScripts`: one event through one script in
 * the sandbox, its fetches through the outbound guard. Everything comes in the task, so the
 * thread reads no database; the script's answer goes back as text for the caller to check.
 */
import { fetchOutbound } from '../outbound/fetch-outbound.js';
import {
  type HostFetchAnswer,
  type HostFetchRequest,
  runInSandbox,
  type SandboxAnswer,
  type SandboxEvent,
  type SandboxLimits,
} from './integration-sandbox.js';

/** One event for one script, with the limits it runs within. */
export interface IntegrationScriptTask {
  event: SandboxEvent;
  limits: SandboxLimits;
  /** How the script's fetches may go (`OUTBOUND_ALLOW_PRIVATE`, and their own caps). */
  outbound: { allowPrivate: boolean; timeoutMs: number; maxBytes: number };
}

/**
 * Runs the event in a fresh sandbox.
 * @example await pool.run('integration-script-worker', 'runIntegrationScript', task);
 */
export function runIntegrationScript(task: IntegrationScriptTask): Promise<SandboxAnswer> {
  const started = performance.now();
  const { allowPrivate, timeoutMs, maxBytes } = task.outbound;
  return runInSandbox(task.event, task.limits, async (request) => {
    // A fetch never outlasts the run it belongs to.
    const left = Math.max(1, task.limits.wallMs - (performance.now() - started));
    return guardedFetch(request, { allowPrivate, maxBytes, timeoutMs: Math.min(timeoutMs, left) });
  });
}

async function guardedFetch(
  request: HostFetchRequest,
  options: { allowPrivate: boolean; maxBytes: number; timeoutMs: number },
): Promise<HostFetchAnswer> {
  const method = request.method.toUpperCase();
  if (method !== 'GET' && method !== 'POST') {
    throw new Error(`Integration scripts may fetch with GET or POST only, not ${method}`);
  }
  const response = await fetchOutbound(request.url, {
    ...options,
    method,
    headers: request.headers,
    ...(request.body === undefined ? {} : { body: request.body }),
  });
  return {
    url: response.url,
    status: response.status,
    contentType: response.contentType,
    body: response.body.toString('utf8'),
  };
}
