import { errors, jwtVerify } from 'jose';

// Registered claims say how the token is used, not who the visitor is: they are not claims a
// site's conditions read.
const registeredClaims = new Set(['iss', 'aud', 'exp', 'nbf', 'iat', 'jti']);

/**
 * The claims of a visitor token signed (HS256) with a site's publishing key, or `undefined` when
 * it is not signed with that key, has expired or is not a JWT.
 * @example await verifyVisitorToken(token, auth.key, now); // { sub: 'u1', plan: 'pro' }
 */
export async function verifyVisitorToken(
  token: string,
  key: string,
  now: Date,
): Promise<Record<string, unknown> | undefined> {
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(key), {
      algorithms: ['HS256'],
      currentDate: now,
    });
    return Object.fromEntries(
      Object.entries(payload).filter(([name]) => !registeredClaims.has(name)),
    );
  } catch (error) {
    if (error instanceof errors.JOSEError || error instanceof TypeError) return undefined;
    throw error;
  }
}
