import type { JSX } from 'hono/jsx/jsx-runtime';

/**
 * A whole HTML document as a string: the doctype, then the `<html>` element. The views are
 * synchronous, so the element renders to a string at once.
 *
 * @example
 * const html = htmlDocument(<html lang="en">…</html>); // '<!doctype html><html lang="en">…'
 */
export function htmlDocument(element: JSX.Element): string {
  const html: unknown = element.toString();
  if (typeof html !== 'string') throw new Error('A view rendered asynchronously');
  return `<!doctype html>${html}`;
}
