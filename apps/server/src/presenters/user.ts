import type { User } from '@quire/contract';
import type { UserRecord } from '../store/users.js';
import type { Urls } from './urls.js';

/** A stored user as the API shows it. */
export function presentUser(user: UserRecord, urls: Urls): User {
  return {
    object: 'user',
    id: user.id,
    displayName: user.displayName,
    email: user.email,
    ...(user.photoUrl === null ? {} : { photoURL: user.photoUrl }),
    urls: { location: urls.api('users', user.id) },
  };
}

/** Another user as anyone with an account may see them: no email. */
export function presentPublicUser(user: UserRecord, urls: Urls): User {
  const { email: _private, ...visible } = presentUser(user, urls);
  return visible;
}
