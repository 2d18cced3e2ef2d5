import type { Handler } from '../http/handler.js';
import { presentUser } from '../presenters/user.js';

/** Handlers of the `users` tag. */
export const userHandlers: { getAuthenticatedUser: Handler<'getAuthenticatedUser'> } = {
  getAuthenticatedUser: async ({ actor, deps }) => ({
    status: 200,
    body: presentUser(actor.user, deps.urls),
  }),
};
