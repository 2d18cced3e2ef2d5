import { cacheJsonText } from '../caches/json-text-cache.js';
import { sameItems } from '../same-items.js';

interface Kept {
  variant: readonly unknown[];
  body: object;
}

const presentations = new WeakMap<object, Kept[]>();

/**
 * The presentation of a record the read cache hands out request after request (a frozen one),
 * built once for each `variant` (what else the presentation depends on, compared item by item)
 * and kept with its JSON for as long as the record lives. A record that is not frozen may still
 * change, and is presented afresh.
 * @example presentCached(space, [role, urls], () => presentSpace(space, role, urls));
 */
export function presentCached<Body extends object>(
  record: object,
  variant: readonly unknown[],
  present: () => Body,
): Body {
  if (!Object.isFrozen(record)) return present();
  const kept = presentations.get(record) ?? [];
  const found = kept.find((entry) => sameItems(entry.variant, variant));
  // Only `present` of this record and variant ever stored this body.
  if (found !== undefined) return found.body as Body;
  const body = present();
  cacheJsonText(body);
  kept.push({ variant, body });
  presentations.set(record, kept);
  return body;
}
