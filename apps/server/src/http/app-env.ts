import type { RequestIdVariables } from 'hono/request-id';

/** What the app's middleware puts on the request context: the request id. */
export interface AppEnv {
  Variables: RequestIdVariables;
}
