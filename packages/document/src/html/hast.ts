import type { Element, ElementContent, Properties } from 'hast';

/**
 * A hast element, for the HTML this package writes.
 * @example element('kbd', {}, [{ type: 'text', value: 'Ctrl' }]);
 */
export function element(
  tagName: string,
  properties: Properties = {},
  children: ElementContent[] = [],
): Element {
  return { type: 'element', tagName, properties, children };
}

/**
 * A `"true"`/`"false"` attribute as GitBook writes them: `undefined` when absent, `null` when it
 * holds anything else (the element is then not one this package reads).
 */
export function readBoolean(value: Properties[string]): boolean | undefined | null {
  if (value === undefined) return undefined;
  return value === 'true' ? true : value === 'false' ? false : null;
}
