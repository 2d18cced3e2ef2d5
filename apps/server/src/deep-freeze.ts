/**
 * Freezes a value and everything in it, so that one kept object can be handed to every caller.
 * @example const shared = deepFreeze({ a: { b: 1 } }); // shared.a.b can no longer change
 */
export function deepFreeze<Value>(value: Value): Value {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
