import type { components } from '@quire/contract';
import type { PageDiff } from '../domain/change-requests/change-request-diff.js';

type Schemas = components['schemas'];

/** A change request's pages with their Markdown diffs, as the API shows them. */
export function presentChangeRequestDiff(diffs: PageDiff[]): Schemas['ChangeRequestDiff'] {
  return {
    items: diffs.map(({ page, change, patch }): Schemas['PageDiff'] => ({
      page: { id: page.id, type: page.type, title: page.title, path: page.path },
      change,
      patch,
    })),
  };
}
