import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inflateRawSync } from 'node:zlib';
import { generate } from 'selfsigned';
import { SignedXml } from 'xml-crypto';

/** A signing key pair and its self-signed certificate. */
export interface SigningKey {
  privateKey: string;
  certificate: string;
}

/** Makes a new RSA key and certificate, as an identity provider has. */
export async function createSigningKey(commonName = 'idp.test'): Promise<SigningKey> {
  const pems = await generate([{ name: 'commonName', value: commonName }], {
    keySize: 2048,
    algorithm: 'sha256',
  });
  return { privateKey: pems.private, certificate: pems.cert };
}

/** What goes into one SAML response; the defaults make a valid one for the request. */
export interface ResponseOptions {
  email?: string;
  displayName?: string;
  /** The request answered; none for an unsolicited response. */
  inResponseTo?: string | undefined;
  audience?: string;
  issuer?: string;
  /** When the assertion starts and stops being valid, relative to now. */
  validFromMs?: number;
  validForMs?: number;
  /** Signs with this key instead of the provider's own. */
  signingKey?: SigningKey;
  /** Changes the signed XML afterwards (a tampered response). */
  tamper?: (xml: string) => string;
}

/** A SAML 2.0 identity provider on loopback: HTTP-Redirect in, HTTP-POST out. */
export interface SamlIdentityProvider {
  entityId: string;
  ssoUrl: string;
  key: SigningKey;
  /** What the next sign-in answers with (`acs` and `inResponseTo` come from the request). */
  nextResponse: ResponseOptions;
  /** A signed response for the service provider at `acsUrl`, base64 as posted. */
  respond(acsUrl: string, options: ResponseOptions & { spEntityId: string }): string;
  close(): Promise<void>;
}

const escapeXml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Starts an identity provider: `GET /sso?SAMLRequest=…` (a deflated AuthnRequest) answers the
 * auto-posting form a browser would get, with a response signed as `nextResponse` says.
 */
export async function startSamlIdentityProvider(): Promise<SamlIdentityProvider> {
  const key = await createSigningKey();
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://idp.test');
    const encoded = url.searchParams.get('SAMLRequest');
    if (url.pathname !== '/sso' || encoded === null) {
      response.writeHead(404).end();
      return;
    }
    const authnRequest = inflateRawSync(Buffer.from(encoded, 'base64')).toString('utf8');
    const attribute = (name: string) =>
      new RegExp(`\\s${name}="([^"]*)"`).exec(authnRequest)?.[1] ?? '';
    const issuer = /<saml:Issuer[^>]*>([^<]*)<\/saml:Issuer>/.exec(authnRequest)?.[1] ?? '';
    const acsUrl = attribute('AssertionConsumerServiceURL');
    const samlResponse = provider.respond(acsUrl, {
      inResponseTo: attribute('ID'),
      spEntityId: issuer,
      ...provider.nextResponse,
    });
    const relayState = url.searchParams.get('RelayState') ?? '';
    response.writeHead(200, { 'Content-Type': 'text/html' });
    response.end(`<!doctype html><form method="post" action="${escapeXml(acsUrl)}">
<input type="hidden" name="SAMLResponse" value="${samlResponse}">
<input type="hidden" name="RelayState" value="${escapeXml(relayState)}">
</form><script>document.forms[0].submit()</script>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider: SamlIdentityProvider = {
    entityId: `${origin}/metadata`,
    ssoUrl: `${origin}/sso`,
    key,
    nextResponse: {},
    respond(acsUrl, options) {
      const now = Date.now();
      const instant = (offsetMs: number) => new Date(now + offsetMs).toISOString();
      const notBefore = instant(options.validFromMs ?? -60_000);
      const notOnOrAfter = instant((options.validFromMs ?? 0) + (options.validForMs ?? 5 * 60_000));
      const issuer = options.issuer ?? provider.entityId;
      const email = options.email ?? 'ada@example.com';
      const inResponseTo =
        options.inResponseTo === undefined
          ? ''
          : ` InResponseTo="${escapeXml(options.inResponseTo)}"`;
      const assertionId = `_${randomUUID()}`;
      const assertion = `<saml:Assertion xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${assertionId}" Version="2.0" IssueInstant="${instant(0)}"><saml:Issuer>${escapeXml(issuer)}</saml:Issuer><saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress">${escapeXml(email)}</saml:NameID><saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData${inResponseTo} NotOnOrAfter="${notOnOrAfter}" Recipient="${escapeXml(acsUrl)}"/></saml:SubjectConfirmation></saml:Subject><saml:Conditions NotBefore="${notBefore}" NotOnOrAfter="${notOnOrAfter}"><saml:AudienceRestriction><saml:Audience>${escapeXml(options.audience ?? options.spEntityId)}</saml:Audience></saml:AudienceRestriction></saml:Conditions><saml:AuthnStatement AuthnInstant="${instant(0)}" SessionIndex="${assertionId}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement><saml:AttributeStatement><saml:Attribute Name="displayName"><saml:AttributeValue>${escapeXml(options.displayName ?? 'Ada Lovelace')}</saml:AttributeValue></saml:Attribute></saml:AttributeStatement></saml:Assertion>`;
      const signer = new SignedXml({
        privateKey: (options.signingKey ?? key).privateKey,
        publicCert: (options.signingKey ?? key).certificate,
        signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
        canonicalizationAlgorithm: 'http://www.w3.org/2001/10/xml-exc-c14n#',
      });
      signer.addReference({
        xpath: `//*[local-name(.)='Assertion']`,
        transforms: [
          'http://www.w3.org/2000/09/xmldsig#enveloped-signature',
          'http://www.w3.org/2001/10/xml-exc-c14n#',
        ],
        digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
      });
      signer.computeSignature(assertion, {
        location: { reference: `//*[local-name(.)='Issuer']`, action: 'after' },
      });
      const signed = (options.tamper ?? ((xml: string) => xml))(signer.getSignedXml());
      const response = `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="_${randomUUID()}" Version="2.0" IssueInstant="${instant(0)}" Destination="${escapeXml(acsUrl)}"${inResponseTo}><saml:Issuer>${escapeXml(issuer)}</saml:Issuer><samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>${signed}</samlp:Response>`;
      return Buffer.from(response, 'utf8').toString('base64');
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  return provider;
}
