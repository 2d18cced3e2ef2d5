import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { type Configuration } from 'oidc-provider';

/** Who the provider signs in next, as an identity provider's login page would. */
export interface OidcPerson {
  email: string;
  name?: string;
  /** `email_verified`; true unless given. */
  emailVerified?: boolean;
}

/** An OpenID Connect provider (`oidc-provider`, the certified implementation) on loopback. */
export interface OidcIdentityProvider {
  issuer: string;
  /** A confidential client (`client_secret_post`) and a public one (PKCE alone). */
  confidential: { clientId: string; clientSecret: string };
  public: { clientId: string };
  /** Registers the redirect URIs Quire's providers answer (`service.redirectURL`). */
  allowRedirects(uris: readonly string[]): void;
  /** The person the next sign-in is for; with none set, the provider refuses (`access_denied`). */
  nextPerson: OidcPerson | undefined;
  /** Requests that reached the token endpoint. */
  codesRedeemed: number;
  close(): Promise<void>;
}

/**
 * Starts an OpenID Connect provider on a loopback port. Its login needs no form: an interaction
 * signs in `nextPerson` at once, and consent is granted to the registered clients, as a company's
 * provider does for a first-party application.
 */
export async function startOidcIdentityProvider(): Promise<OidcIdentityProvider> {
  let current: Provider | undefined;
  const people = new Map<string, OidcPerson>();
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    if (current === undefined) {
      response.writeHead(503).end('No redirect URIs registered yet');
      return;
    }
    if (request.url?.startsWith('/token')) state.codesRedeemed += 1;
    const interaction = /^\/interaction\/([^/?]+)/.exec(request.url ?? '');
    if (interaction !== null) {
      void signIn(current, request, response);
      return;
    }
    current.callback()(request, response);
  });
  const signIn = async (provider: Provider, request: IncomingMessage, response: ServerResponse) => {
    const person = state.nextPerson;
    if (person === undefined) {
      await provider.interactionFinished(request, response, {
        error: 'access_denied',
        error_description: 'Nobody may sign in',
      });
      return;
    }
    people.set(person.email, person);
    await provider.interactionFinished(request, response, { login: { accountId: person.email } });
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const confidential = { clientId: 'quire', clientSecret: 'a client secret long enough' };
  // The provider's own signing key, as a real one has (the library's built-in one is for demos).
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signingKey = { ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: 'idp' };
  const publicClient = { clientId: 'quire-public' };

  const configuration = (redirectUris: string[]): Configuration => ({
    clients: [
      {
        client_id: confidential.clientId,
        client_secret: confidential.clientSecret,
        redirect_uris: redirectUris,
        token_endpoint_auth_method: 'client_secret_post',
      },
      {
        client_id: publicClient.clientId,
        redirect_uris: redirectUris,
        token_endpoint_auth_method: 'none',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    cookies: { keys: ['a cookie key for the tests'] },
    jwks: { keys: [signingKey] },
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    findAccount: (_context, id) => {
      const person = people.get(id);
      return person === undefined
        ? undefined
        : {
            accountId: id,
            claims: () => ({
              sub: id,
              email: person.email,
              email_verified: person.emailVerified ?? true,
              ...(person.name === undefined ? {} : { name: person.name }),
            }),
          };
    },
    // First-party clients are granted what they ask for, without a consent page.
    loadExistingGrant: async (context) => {
      const { oidc } = context;
      if (oidc.client === undefined || oidc.session?.accountId === undefined) return undefined;
      const existing = oidc.session.grantIdFor(oidc.client.clientId);
      if (existing !== undefined) return oidc.provider.Grant.find(existing);
      const grant = new oidc.provider.Grant({
        clientId: oidc.client.clientId,
        accountId: oidc.session.accountId,
      });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });

  const state: OidcIdentityProvider = {
    issuer,
    confidential,
    public: publicClient,
    nextPerson: undefined,
    codesRedeemed: 0,
    allowRedirects(uris) {
      current = new Provider(issuer, configuration([...uris]));
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
  return state;
}
