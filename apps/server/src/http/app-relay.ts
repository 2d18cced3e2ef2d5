/**
 * The app path a sign-in started from (`RelayState`), when it is one: `/app` or a path under it,
 * never another origin (`//host`, a backslash) a browser would be sent on to.
 */
export function appRelay(relay: string): string | undefined {
  return relay === '/app' || (relay.startsWith('/app/') && !/\/\/|\\/.test(relay))
    ? relay
    : undefined;
}
