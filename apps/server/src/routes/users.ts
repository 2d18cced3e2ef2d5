import { isSiteReader } from '../domain/actor.js';
import { createOwnApiToken, revokeOwnApiToken } from '../domain/users/own-api-tokens.js';
import { endSession, revokeOwnSession, signInWithPassword } from '../domain/users/sessions.js';
import { loadUser } from '../domain/users/user-profiles.js';
import type { Handler } from '../http/handler.js';
import { clearedSessionCookie } from '../http/session-cookie.js';
import { presentApiToken } from '../presenters/api-token.js';
import { presentList } from '../presenters/list.js';
import { presentSession } from '../presenters/session.js';
import { presentPublicUser, presentUser } from '../presenters/user.js';
import { listApiTokensOfUser } from '../store/api-tokens.js';
import { listSessionsOfUser } from '../store/sessions.js';
import { pageRequest } from './page-request.js';
import { startedSessionAnswer } from './session-responses.js';

/** Handlers of the `users` tag. */
export const userHandlers: {
  getAuthenticatedUser: Handler<'getAuthenticatedUser'>;
  getUserById: Handler<'getUserById'>;
  signIn: Handler<'signIn'>;
  signOut: Handler<'signOut'>;
  listUserSessions: Handler<'listUserSessions'>;
  revokeUserSession: Handler<'revokeUserSession'>;
  listUserApiTokens: Handler<'listUserApiTokens'>;
  createUserApiToken: Handler<'createUserApiToken'>;
  revokeUserApiToken: Handler<'revokeUserApiToken'>;
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

  signIn: async ({ body, services, request }) => {
    const started = await signInWithPassword(
      services,
      { ...body, userAgent: request.userAgent, requestId: request.id },
      services.clock.now(),
    );
    return { status: 200, ...startedSessionAnswer(services, started) };
  },

  signOut: async ({ actor, services }) => {
    await endSession(services.db, actor, services.clock.now());
    return { status: 204, headers: { 'Set-Cookie': clearedSessionCookie(services.urls) } };
  },

  listUserSessions: async ({ query, actor, services }) => {
    const now = services.clock.now().toISOString();
    const page = await listSessionsOfUser(services.db, actor.user.id, now, pageRequest(query));
    return {
      status: 200,
      body: presentList(page, (session) =>
        presentSession(session, actor.user, actor.sessionId, services.urls),
      ),
    };
  },

  revokeUserSession: async ({ params, actor, services }) => {
    await revokeOwnSession(services.db, actor, params.sessionId, services.clock.now());
    return { status: 204 };
  },

  listUserApiTokens: async ({ query, actor, services }) => {
    const page = await listApiTokensOfUser(services.db, actor.user.id, pageRequest(query));
    return { status: 200, body: presentList(page, presentApiToken) };
  },

  createUserApiToken: async ({ actor, services }) => {
    const created = await createOwnApiToken(services.db, actor, services.clock.now());
    return { status: 201, body: { ...presentApiToken(created), token: created.token } };
  },

  revokeUserApiToken: async ({ params, actor, services }) => {
    await revokeOwnApiToken(services.db, actor, params.tokenId, services.clock.now());
    return { status: 204 };
  },
};
