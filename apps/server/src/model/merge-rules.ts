import type { components } from '@quire/contract';

type Schemas = components['schemas'];
export type MergeRule = Schemas['MergeRule'];
/** An organization's merge rules: `none` or `rules`. */
export type OrganizationMergeRules = Schemas['MergeRulesStandaloneConfiguration'];
/** A space's merge rules: `inherit` (its organization's), `none` or `rules`. */
export type SpaceMergeRules = Schemas['MergeRulesSpaceConfiguration'];

/**
 * Merge rules as stored: their JSON, or `null` for the default (`none` for an organization,
 * `inherit` for a space), so rows from before merge rules read as the default.
 */
export function storedMergeRules<Rules extends { type: string }>(
  rules: Rules,
  defaultType: string,
): string | null {
  return rules.type === defaultType ? null : JSON.stringify(rules);
}
