import {
  calculateJwkThumbprint,
  exportJWK,
  generateKeyPair,
  importJWK,
  type JWK,
  SignJWT,
} from 'jose';
import type { MemberRole } from '../../model/roles.js';
import { readInstanceSetting, writeInstanceSetting } from '../../store/instance-settings.js';
import type { Executor } from '../../store/schema.js';

/** The algorithm visitor claims are signed with. */
export const visitorClaimsAlgorithm = 'ES256';

/** How long a visitor claims token is valid. */
const claimsLifetimeSeconds = 60 * 60;

/** The server's key pair for visitor claims: the private key signs, the public JWK verifies. */
export interface VisitorClaimsKey {
  privateKey: Awaited<ReturnType<typeof importJWK>>;
  publicJwk: JWK;
}

const loaded = new WeakMap<Executor, Promise<VisitorClaimsKey>>();

/**
 * The server's visitor-claims key pair, made the first time and kept in the database, so every
 * process behind one database signs with the same key and publishes the same JWKS.
 * @example const { publicJwk } = await loadVisitorClaimsKey(db, new Date());
 */
export function loadVisitorClaimsKey(db: Executor, now: Date): Promise<VisitorClaimsKey> {
  let key = loaded.get(db);
  if (key === undefined) {
    key = readOrMakeKey(db, now);
    loaded.set(db, key);
    key.catch(() => loaded.delete(db));
  }
  return key;
}

async function readOrMakeKey(db: Executor, now: Date): Promise<VisitorClaimsKey> {
  if ((await readInstanceSetting(db, 'visitor-claims-key')) === undefined) {
    const pair = await generateKeyPair(visitorClaimsAlgorithm, { extractable: true });
    const jwk = await exportJWK(pair.privateKey);
    // Of two processes starting at once, the first key written stays and both read it back.
    await writeInstanceSetting(db, 'visitor-claims-key', JSON.stringify(jwk), now.toISOString(), {
      keep: true,
    });
  }
  const stored = await readInstanceSetting(db, 'visitor-claims-key');
  if (stored === undefined) throw new Error('The visitor-claims key could not be stored');
  const privateJwk: JWK = JSON.parse(stored);
  const { d: _secret, ...publicFields } = privateJwk;
  const kid = await calculateJwkThumbprint(publicFields);
  return {
    privateKey: await importJWK(privateJwk, visitorClaimsAlgorithm),
    publicJwk: { ...publicFields, kid, alg: visitorClaimsAlgorithm, use: 'sig' },
  };
}

/** The JWKS others verify visitor claims with. */
export async function visitorClaimsJwks(db: Executor, now: Date): Promise<{ keys: JWK[] }> {
  const { publicJwk } = await loadVisitorClaimsKey(db, now);
  return { keys: [publicJwk] };
}

/** Who the claims are about. */
export interface VisitorClaimsSubject {
  userId: string;
  email: string;
  organizationId: string;
  role: MemberRole | null;
}

/**
 * Signs the claims of a member of an organization: `sub` the user, `organization`, `role`
 * (`null` for a guest), issued by this server, valid for an hour.
 */
export async function signVisitorClaims(
  db: Executor,
  subject: VisitorClaimsSubject,
  { issuer, now }: { issuer: string; now: Date },
): Promise<string> {
  const { privateKey, publicJwk } = await loadVisitorClaimsKey(db, now);
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({
    email: subject.email,
    organization: subject.organizationId,
    role: subject.role,
  })
    .setProtectedHeader({ alg: visitorClaimsAlgorithm, typ: 'JWT', kid: publicJwk.kid ?? '' })
    .setSubject(subject.userId)
    .setIssuer(issuer)
    .setAudience(subject.organizationId)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + claimsLifetimeSeconds)
    .sign(privateKey);
}
