import type { Handler } from '../http/handler.js';
import { serverVersion } from '../version.js';

/** Handlers of the `system` tag. */
export const systemHandlers: { getApiInformation: Handler<'getApiInformation'> } = {
  getApiInformation: async () => ({ status: 200, body: { ...serverVersion } }),
};
