import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

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

/** @example const keys = shareKeys(deps.keys.pageTokenKey); keys.open(keys.seal('k')); // 'k' */
export function shareKeys(secret: Buffer): ShareKeys {
  const key = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), 'quire share link keys', 32));
  return {
    create: () => randomBytes(32).toString('base64url'),
    hash: (value) => createHash('sha256').update(value, 'utf8').digest('hex'),
    seal(value) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const text = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), text]).toString('base64url');
    },
    open(sealed) {
      const bytes = Buffer.from(sealed, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
      decipher.setAuthTag(bytes.subarray(12, 28));
      return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}
