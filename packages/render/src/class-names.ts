/**
 * A value from the document made safe to use as one class name or attribute token: lowercase
 * letters, digits and dashes only.
 *
 * @example
 * classToken('Blue Sky!'); // 'blue-sky'
 */
export function classToken(value: string): string {
  return value
    .toLowerCase()
    .replace(/[^a-z\d-]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The class names that apply, in order, leaving out the ones that do not. */
export function classNames(...names: (string | undefined)[]): string[] {
  return names.filter((name): name is string => name !== undefined);
}
