/** Whether two lists hold the same items (the very same objects) in the same order. */
export function sameItems(left: readonly unknown[], right: readonly unknown[]): boolean {
  return left.length === right.length && left.every((item, index) => item === right[index]);
}
