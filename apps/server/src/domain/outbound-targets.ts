import { invalid } from '../errors.js';
import { checkOutboundTarget } from '../outbound/address-policy.js';

/**
 * Refuses, with a 400 naming `field`, a URL the server will fetch later but may not reach: a
 * scheme other than http(s), an address (written out, or what its name resolves to now) outside
 * what outbound requests may reach. Every fetch checks again.
 */
export async function requireReachableUrl(
  url: string,
  field: string,
  allowPrivate: boolean,
): Promise<void> {
  const refused = await checkOutboundTarget(url, allowPrivate);
  if (refused !== undefined) throw invalid(`${field}: ${refused}`);
}
