/**
 * scrypt's cost for passwords in tests (`PASSWORD_HASH_COST`): a millisecond a hash, where the
 * server's default takes a tenth of a second of a core, paid by every sign-in and sign-up.
 */
export const testPasswordHashCost = 10;

/** The environment that gives a server or CLI process the tests' cost. */
export const testPasswordEnv = { PASSWORD_HASH_COST: String(testPasswordHashCost) };
