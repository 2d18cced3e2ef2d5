import { hkdfSync } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { SiteReader, SiteReaderAccess } from '../actor.js';
import type { VisitorClaims } from '../sites/conditions.js';

/** How long a reader token opens its site: GitBook's renderer asks again for every page. */
export const readerTokenLifetimeSeconds = 60 * 60;

const audience = 'quire:site-reader';

/** Signs and checks the tokens site readers read with. */
export interface ReaderTokens {
  sign(reader: Omit<SiteReader, 'kind' | 'requestId'>, now: Date): Promise<string>;
  /** The reader a token names; `undefined` when it is not one of ours, or has expired. */
  verify(token: string, now: Date): Promise<Omit<SiteReader, 'requestId'> | undefined>;
}

interface ReaderClaims {
  org: string;
  access: SiteReaderAccess;
  visitor: VisitorClaims;
}

const made = new WeakMap<Buffer, ReaderTokens>();

/** The reader tokens of a server secret, made once per secret. */
export function readerTokensOf(secret: Buffer): ReaderTokens {
  let tokens = made.get(secret);
  if (tokens === undefined) {
    tokens = readerTokens(secret);
    made.set(secret, tokens);
  }
  return tokens;
}

/**
 * Reader tokens are JWTs signed with HS256 under a key derived from the server's own secret:
 * only this server (and every process sharing its database) reads them, so a shared secret
 * does, and checking one costs microseconds on every page a reader opens.
 * @example const tokens = readerTokens(deps.keys.pageTokenKey); await tokens.sign(reader, now);
 */
export function readerTokens(secret: Buffer): ReaderTokens {
  const key = new Uint8Array(hkdfSync('sha256', secret, Buffer.alloc(0), audience, 32));
  return {
    async sign(reader, now) {
      const issuedAt = Math.floor(now.getTime() / 1000);
      const claims: ReaderClaims = {
        org: reader.organizationId,
        access: reader.access,
        visitor: reader.visitor,
      };
      return new SignJWT({ ...claims })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(reader.siteId)
        .setAudience(audience)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + readerTokenLifetimeSeconds)
        .sign(key);
    },
    async verify(token, now) {
      try {
        const { payload } = await jwtVerify<ReaderClaims>(token, key, {
          audience,
          algorithms: ['HS256'],
          currentDate: now,
        });
        if (payload.sub === undefined) return undefined;
        return {
          kind: 'site-reader',
          siteId: payload.sub,
          organizationId: payload.org,
          access: payload.access,
          visitor: payload.visitor,
        };
      } catch (error) {
        if (error instanceof errors.JOSEError) return undefined;
        throw error;
      }
    },
  };
}
