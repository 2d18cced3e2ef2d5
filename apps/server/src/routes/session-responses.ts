import type { StartedSession } from '../domain/users/sessions.js';
import { sessionCookie } from '../http/session-cookie.js';
import { presentSession } from '../presenters/session.js';
import type { AppServices } from '../services/app-services.js';

/** The answer that hands a browser a session it just started: the cookie, and the session. */
export function startedSessionAnswer(services: AppServices, started: StartedSession) {
  return {
    headers: { 'Set-Cookie': sessionCookie(services.urls, started) },
    body: presentSession(started.session, started.user, started.session.id, services.urls),
  };
}
