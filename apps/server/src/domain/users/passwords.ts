import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';
import { defaultPasswordHashCost } from '../../config.js';
import { invalid } from '../../errors.js';

const blockSize = 8;
const keyLength = 32;

function scryptOptions(n: number, r: number, p: number): ScryptOptions {
  // Node refuses to derive past `maxmem`; scrypt needs 128·N·r bytes, and a little more.
  return { N: n, r, p, maxmem: 2 * 128 * n * r };
}

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, keyLength, options, (error, key) =>
      error === null ? resolve(key) : reject(error),
    ),
  );
}

/** The shortest password accepted. */
export const minimumPasswordLength = 8;

/** Throws 400 unless the password may be set. */
export function requireAcceptablePassword(password: string): void {
  if (password.length < minimumPasswordLength) {
    throw invalid(`A password has at least ${minimumPasswordLength} characters`);
  }
  if (password.length > 1024) throw invalid('A password has at most 1024 characters');
}

/**
 * A password's stored form: `scrypt$N$r$p$salt$key` (base64url), so the cost can rise later
 * while older hashes still verify.
 */
export async function hashPassword(
  password: string,
  cost: number = defaultPasswordHashCost,
): Promise<string> {
  const salt = randomBytes(16);
  const n = 2 ** cost;
  const key = await derive(password, salt, scryptOptions(n, blockSize, 1));
  return ['scrypt', n, blockSize, 1, salt.toString('base64url'), key.toString('base64url')].join(
    '$',
  );
}

/** Whether `password` is the one `stored` was made from; a malformed `stored` never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || salt === undefined || key === undefined) return false;
  const expected = Buffer.from(key, 'base64url');
  const derived = await derive(
    password,
    Buffer.from(salt, 'base64url'),
    scryptOptions(Number(n), Number(r), Number(p)),
  );
  return derived.length === expected.length && timingSafeEqual(derived, expected);
}

// Verified against when the email has no password, so a wrong email costs what a wrong password
// does and the time of the answer does not tell them apart.
const decoys = new Map<number, Promise<string>>();
/** A hash no password is known to match, made at `cost` like the passwords it stands in for. */
export function decoyPasswordHash(cost: number): Promise<string> {
  let decoy = decoys.get(cost);
  if (decoy === undefined) {
    decoy = hashPassword(randomBytes(32).toString('base64url'), cost);
    decoys.set(cost, decoy);
  }
  return decoy;
}
