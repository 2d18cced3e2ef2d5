import { createHash, randomBytes } from 'node:crypto';
import { secretSealer } from '../instance/sealed-secrets.js';

/**
 * Makes, hashes and seals share link keys. A key is 256 random bits; the database keeps its
 * SHA-256 (to find the link a reader's key opens) and the key sealed with AES-256-GCM under a
 * key derived from the server's own secret (so admins can be shown it again), never the key.
 */
export interface ShareKeys {
  create(): string;
  hash(key: string): string;
  seal(key: string): string;
  open(sealed: string): string;
}

/** @example const keys = shareKeys(services.keys.pageTokenKey); keys.open(keys.seal('k')); // 'k' */
export function shareKeys(secret: Buffer): ShareKeys {
  const sealer = secretSealer(secret, 'quire share link keys');
  return {
    create: () => randomBytes(32).toString('base64url'),
    hash: (value) => createHash('sha256').update(value, 'utf8').digest('hex'),
    seal: (value) => sealer.seal(value),
    open: (sealed) => sealer.open(sealed),
  };
}
