import { lookup as lookupHost } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { OutboundError, quoteUrl } from './outbound-error.js';

// Instance metadata services hand out the machine's cloud credentials, so they stay closed even
// when private addresses are allowed: AWS (IPv4 and IPv6), ECS and EKS task credentials, Alibaba.
// Google, Azure, Oracle and DigitalOcean answer on 169.254.169.254 too.
const cloudMetadataAddresses = new Set(
  [
    '169.254.169.254',
    '169.254.170.2',
    '169.254.170.23',
    '100.100.100.200',
    'fd00:ec2::254',
    'fd00:ec2::23',
  ].map((address) => ipaddr.parse(address).toNormalizedString()),
);

/**
 * Checks, before it is stored, a URL the server will fetch later (a webhook's): what
 * {@link fetchOutbound} refuses without a DNS lookup (scheme, credentials, an address written in
 * the URL). Answers why not, for a person, or `undefined` when it may be fetched.
 * @example checkOutboundUrl('http://127.0.0.1/hook', false); // 'Refused to fetch …: 127.0.0.1 is not a public address (loopback); … OUTBOUND_ALLOW_PRIVATE …'
 */
export function checkOutboundUrl(url: string, allowPrivate: boolean): string | undefined {
  try {
    return refusalOfLiteralAddress(outboundUrl(url, url), allowPrivate)?.message;
  } catch (error) {
    return error instanceof OutboundError ? error.message : String(error);
  }
}

/**
 * Checks, when it is given, a URL the server will fetch later (a webhook's, a Git remote's, an
 * OpenAPI source's): what {@link checkOutboundUrl} checks, and the addresses its host name
 * resolves to now, so `localhost` or a name that points inside the network is refused at once.
 * A name that does not resolve now is let through: DNS may be away for a moment, and every fetch
 * checks again. Answers why not, for a person, or `undefined`.
 * @example await checkOutboundTarget('http://localhost/hook', false); // 'Refused to fetch …: localhost resolves to 127.0.0.1, …'
 */
export async function checkOutboundTarget(
  url: string,
  allowPrivate: boolean,
): Promise<string | undefined> {
  const literal = checkOutboundUrl(url, allowPrivate);
  if (literal !== undefined) return literal;
  const parsed = new URL(url);
  const hostname = parsed.hostname.replace(/^\[(.*)\]$/, '$1');
  if (isIP(hostname) !== 0) return undefined;
  const addresses = await new Promise<{ address: string }[]>((resolve) =>
    lookupHost(hostname, { all: true }, (error, found) => resolve(error === null ? found : [])),
  );
  for (const { address } of addresses) {
    const refused = refusalOf(address, allowPrivate);
    if (refused !== undefined) {
      return refuse(parsed, `${hostname} resolves to ${address}, ${refused}`).message;
    }
  }
  return undefined;
}

/**
 * The refusal of a URL whose host is an address written out (`http://10.0.0.1/`), which no lookup
 * checks; `undefined` for a host name (checked as it resolves) or an address that may be reached.
 */
export function refusalOfLiteralAddress(
  url: URL,
  allowPrivate: boolean,
): OutboundError | undefined {
  const literal = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (isIP(literal) === 0) return undefined;
  const refused = refusalOf(literal, allowPrivate);
  return refused === undefined ? undefined : refuse(url, `${literal} is ${refused}`);
}

/** Parses and checks one URL of a fetch (the first, or a redirect's target). */
export function outboundUrl(candidate: string, requested: string): URL {
  if (!URL.canParse(candidate)) {
    throw new OutboundError('bad-url', `${quoteUrl(candidate)} is not an absolute URL`);
  }
  const url = new URL(candidate);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    const redirected = candidate === requested ? '' : ` (a redirect of ${quoteUrl(requested)})`;
    throw new OutboundError(
      'bad-url',
      `Only http and https URLs can be fetched; ${quoteUrl(candidate)}${redirected} is ${url.protocol.slice(0, -1)}`,
    );
  }
  if (url.username !== '' || url.password !== '') {
    throw new OutboundError(
      'bad-url',
      'URLs to fetch must not carry a user name or password; the server sends no credentials',
    );
  }
  return url;
}

/**
 * What is wrong with connecting to `address` ("not a public address (loopback)"), or `undefined`
 * when the server may. IPv4-mapped IPv6 addresses (`::ffff:127.0.0.1`) are judged as the IPv4
 * address they reach.
 */
function refusalOf(address: string, allowPrivate: boolean): string | undefined {
  if (!ipaddr.isValid(address)) return 'not an IP address';
  const parsed = ipaddr.process(address);
  if (cloudMetadataAddresses.has(parsed.toNormalizedString())) {
    return 'a cloud metadata address, which is never fetched';
  }
  if (allowPrivate) return undefined;
  const range = parsed.range();
  return range === 'unicast'
    ? undefined
    : `not a public address (${range}); only public internet addresses may be fetched unless OUTBOUND_ALLOW_PRIVATE=true allows private and loopback ones`;
}

function refuse(url: URL, reason: string): OutboundError {
  return new OutboundError('blocked', `Refused to fetch ${quoteUrl(url.href)}: ${reason}`);
}

/**
 * Resolves a host name and checks every address it resolves to before the socket connects, so
 * the address checked is the address used: a name that resolves to a public address first and
 * a private one later (DNS rebinding) is caught when it matters.
 */
export function guardedLookup(url: URL, allowPrivate: boolean): LookupFunction {
  return function lookupPublicAddress(hostname, options, callback) {
    lookupHost(hostname, { ...options, all: true }, (error, addresses) => {
      if (error !== null) return callback(error, '');
      for (const { address } of addresses) {
        const refused = refusalOf(address, allowPrivate);
        if (refused !== undefined) {
          return callback(refuse(url, `${hostname} resolves to ${address}, ${refused}`), '');
        }
      }
      const [first] = addresses;
      if (first === undefined) return callback(notFound(), '');
      if (options.all === true) return callback(null, addresses);
      callback(null, first.address, first.family);
    });
  };
}

function notFound(): NodeJS.ErrnoException {
  return Object.assign(new Error('the host has no address'), { code: 'ENOTFOUND' });
}
