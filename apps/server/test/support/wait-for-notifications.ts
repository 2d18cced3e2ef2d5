/**
 * Gives a notification committed just now the time to travel: PostgreSQL sends it at commit,
 * over a socket of its own, to every listening process.
 */
export const waitForNotifications = () => new Promise((resolve) => setTimeout(resolve, 50));
