import type { components } from '@quire/contract';
import type { PublishingAuth } from '../domain/sites/publishing-auth.js';

/** A site's publishing authentication as its admins see it, the key opened. */
export function presentPublishingAuth(
  auth: PublishingAuth,
): components['schemas']['SitePublishingAuth'] {
  return {
    object: 'publishing-auth',
    backend: auth.backend,
    privateKey: auth.key,
    ...(auth.fallbackUrl === null ? {} : { fallbackURL: auth.fallbackUrl }),
    ...(auth.logoutUrl === null ? {} : { logoutURL: auth.logoutUrl }),
  };
}
