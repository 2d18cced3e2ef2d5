import type { Actor } from '../domain/actor.js';
import type { CollabTarget } from './document-names.js';

/** What a connection carries once authenticated: who, with what, and which page. */
export interface CollabContext {
  actor: Actor;
  /** The provider's token, to authenticate the connection again when access may have changed. */
  token: string;
  target: CollabTarget;
}
