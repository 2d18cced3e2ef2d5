import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';

// A caller sends the same credential request after request: its key is kept, not hashed again.
const keys = new LRUCache<string, string>({
  maxSize: 4 * 1024 * 1024,
  sizeCalculation: (key, credential) => credential.length + key.length,
});

/**
 * The rate limits' key of a caller's credential (an `Authorization` or a session `Cookie`):
 * hashed, since on PostgreSQL the keys are stored.
 * @example credentialKey('Bearer qr_…'); // 'token:3q2+7w…'
 */
export function credentialKey(credential: string): string {
  let key = keys.get(credential);
  if (key === undefined) {
    key = `token:${createHash('sha256').update(credential).digest('base64url').slice(0, 32)}`;
    keys.set(credential, key);
  }
  return key;
}
