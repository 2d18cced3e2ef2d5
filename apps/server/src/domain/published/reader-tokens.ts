import { hkdfSync, webcrypto } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { LRUCache } from 'lru-cache';
import { approximateBytes } from '../../caches/byte-size.js';
import type { SiteReader, SiteReaderAccess } from '../actor.js';
import { canonicalJson } from '../content/canonical-json.js';
import type { VisitorClaims } from '../sites/conditions.js';

/** How long a reader token opens its site: GitBook's renderer asks again for every page. */
export const readerTokenLifetimeSeconds = 60 * 60;

// A token handed out again keeps at least this long to live.
const reuseMarginMs = 10 * 60 * 1000;

const audience = 'quire:site-reader';

/** What a reader token says: who reads which site, and until when. */
type TokenReader = Omit<SiteReader, 'requestId'>;

/** Signs and checks the tokens site readers read with. */
export interface ReaderTokens {
  sign(reader: Omit<SiteReader, 'kind' | 'requestId'>, now: Date): Promise<string>;
  /** The reader a token names; `undefined` when it is not one of ours, or has expired. */
  verify(token: string, now: Date): Promise<TokenReader | undefined>;
}

interface ReaderClaims {
  org: string;
  access: SiteReaderAccess;
  visitor: VisitorClaims;
}

/**
 * Reader tokens are JWTs signed with HS256 under a key derived from the server's own secret:
 * only this server (and every process sharing its database) reads them, so a shared secret
 * does. A reader asks for a token with every page, so the same reader (same site, access and
 * claims) is handed the same token while it has ten minutes or more to live, and a token
 * checked once is known until it expires: neither signing nor checking runs per page.
 * @example const tokens = readerTokens(secret, { maxBytes: 4e6 }); await tokens.sign(reader, now);
 */
export function readerTokens(secret: Buffer, { maxBytes }: { maxBytes: number }): ReaderTokens {
  // Imported once: jose imports raw bytes again on every call otherwise.
  const key = webcrypto.subtle.importKey(
    'raw',
    new Uint8Array(hkdfSync('sha256', secret, Buffer.alloc(0), audience, 32)),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  // Half the bytes each; a reader's claims are counted by their canonical JSON, as signed.
  const signed = new LRUCache<string, { token: string; expiresAtMs: number }>({
    maxSize: Math.floor(maxBytes / 2),
    sizeCalculation: (kept, who) => 2 * (who.length + kept.token.length) + 64,
  });
  const verified = new LRUCache<string, { reader: TokenReader; expiresAtMs: number }>({
    maxSize: Math.floor(maxBytes / 2),
    sizeCalculation: (kept, token) => 2 * token.length + approximateBytes(kept.reader),
  });
  return {
    async sign(reader, now) {
      const who = canonicalJson(reader);
      const kept = signed.get(who);
      if (kept !== undefined && kept.expiresAtMs - now.getTime() >= reuseMarginMs) {
        return kept.token;
      }
      const issuedAt = Math.floor(now.getTime() / 1000);
      const claims: ReaderClaims = {
        org: reader.organizationId,
        access: reader.access,
        visitor: reader.visitor,
      };
      const token = await new SignJWT({ ...claims })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(reader.siteId)
        .setAudience(audience)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + readerTokenLifetimeSeconds)
        .sign(await key);
      signed.set(who, { token, expiresAtMs: (issuedAt + readerTokenLifetimeSeconds) * 1000 });
      return token;
    },
    async verify(token, now) {
      const known = verified.get(token);
      if (known !== undefined) {
        return known.expiresAtMs > now.getTime() ? known.reader : undefined;
      }
      try {
        const { payload } = await jwtVerify<ReaderClaims>(token, await key, {
          audience,
          algorithms: ['HS256'],
          currentDate: now,
        });
        if (payload.sub === undefined || payload.exp === undefined) return undefined;
        const reader: TokenReader = {
          kind: 'site-reader',
          siteId: payload.sub,
          organizationId: payload.org,
          access: payload.access,
          visitor: payload.visitor,
        };
        verified.set(token, { reader, expiresAtMs: payload.exp * 1000 });
        return reader;
      } catch (error) {
        if (error instanceof errors.JOSEError) return undefined;
        throw error;
      }
    },
  };
}
