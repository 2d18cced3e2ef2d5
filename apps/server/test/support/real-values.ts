import fc from 'fast-check';

/**
 * One of the values that exist on the server, the first of them half of the time: fixtures list
 * their best-furnished value first (the space with content, the open change request), so that
 * requests with several ids often name things that belong together.
 */
export function realValueArbitrary(values: readonly string[]): fc.Arbitrary<string> {
  const [first, ...others] = values;
  if (first === undefined) throw new Error('realValueArbitrary needs at least one value');
  if (others.length === 0) return fc.constant(first);
  return fc.oneof(fc.constant(first), fc.constantFrom(...values));
}
