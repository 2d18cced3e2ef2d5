import { isSiteReader } from '../domain/actor.js';
import { loadUser } from '../domain/users/user-profiles.js';
import type { Handler } from '../http/handler.js';
import { presentPublicUser, presentUser } from '../presenters/user.js';

/** Handlers of the `users` tag. */
export const userHandlers: {
  getAuthenticatedUser: Handler<'getAuthenticatedUser'>;
  getUserById: Handler<'getUserById'>;
} = {
  getAuthenticatedUser: async ({ actor, services }) => ({
    status: 200,
    body: presentUser(actor.user, services.urls),
  }),

  getUserById: async ({ params, actor, services }) => {
    const user = await loadUser(services.db, params.userId);
    const self = !isSiteReader(actor) && actor.user.id === user.id;
    return {
      status: 200,
      body: self ? presentUser(user, services.urls) : presentPublicUser(user, services.urls),
    };
  },
};
