/**
 * Email domains as stored: lower-case, without duplicates, in the order given.
 * @example normalizeEmailDomains(['Example.com', 'example.com']); // ['example.com']
 */
export function normalizeEmailDomains(domains: string[]): string[] {
  return [...new Set(domains.map((domain) => domain.trim().toLowerCase()))];
}

/** The domain part of an email address, lower-cased. */
export function emailDomainOf(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1).toLowerCase();
}
