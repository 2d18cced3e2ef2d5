import { isSiteReader } from '../domain/actor.js';
import { loadUser } from '../domain/users/user-profiles.js';
import type { Handler } from '../http/handler.js';
import { presentPublicUser, presentUser } from '../presenters/user.js';

/** Handlers of the `users` tag. */
export const userHandlers: {
  getAuthenticatedUser: Handler<'getAuthenticatedUser'>;
  getUserById: Handler<'getUserById'>;
} = {
  getAuthenticatedUser: async ({ actor, deps }) => ({
    status: 200,
    body: presentUser(actor.user, deps.urls),
  }),

  getUserById: async ({ params, actor, deps }) => {
    const user = await loadUser(deps.db, params.userId);
    const self = !isSiteReader(actor) && actor.user.id === user.id;
    return {
      status: 200,
      body: self ? presentUser(user, deps.urls) : presentPublicUser(user, deps.urls),
    };
  },
};
