import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/** Seals text so the database keeps it unreadable, and opens it again. */
export interface SecretSealer {
  /** `iv ‖ tag ‖ ciphertext` in base64url: AES-256-GCM with a fresh 96-bit IV each time. */
  seal(text: string): string;
  /** The text `seal` was given; throws when the sealed value was changed or sealed under another key. */
  open(sealed: string): string;
}

const ivBytes = 12;
const tagBytes = 16;

/**
 * The one AES-256-GCM sealer of the server. Each use has its own key, derived with HKDF-SHA256
 * from `secret` and a `purpose`, so a value sealed for one use (share link keys, integration
 * secrets) never opens as another's.
 * @example const sealer = secretSealer(services.keys.secretsKey, 'quire integration secrets');
 * sealer.open(sealer.seal('s3cret')); // 's3cret'
 */
export function secretSealer(secret: Buffer, purpose: string): SecretSealer {
  const key = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), purpose, 32));
  return {
    seal(text) {
      const iv = randomBytes(ivBytes);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const sealed = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
    },
    open(sealed) {
      const bytes = Buffer.from(sealed, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, ivBytes));
      decipher.setAuthTag(bytes.subarray(ivBytes, ivBytes + tagBytes));
      return Buffer.concat([
        decipher.update(bytes.subarray(ivBytes + tagBytes)),
        decipher.final(),
      ]).toString('utf8');
    },
  };
}
