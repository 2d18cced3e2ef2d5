import type { components } from '@quire/contract';

type Schemas = components['schemas'];
export type ContentVisibility = Schemas['ContentVisibility'];
export type SpaceEditMode = Schemas['SpaceEditMode'];
export type OrganizationType = Schemas['OrganizationType'];
export type OrganizationUseCase = Schemas['OrganizationUseCase'];
export type OrganizationCommunityType = Schemas['OrganizationCommunityType'];
export type BillingProduct = Schemas['BillingProduct'];

/**
 * Narrows a stored string to one of the values the contract allows, failing loudly on a value
 * the database should never hold.
 */
export function storedEnum<Value extends string>(
  allowed: readonly Value[],
  value: string,
  what: string,
): Value {
  const found = allowed.find((candidate) => candidate === value);
  if (found === undefined)
    throw new Error(`Stored ${what} "${value}" is not one of ${allowed.join(', ')}`);
  return found;
}

export const contentVisibilities = [
  'public',
  'unlisted',
  'share-link',
  'visitor-auth',
  'in-collection',
  'private',
] as const satisfies readonly ContentVisibility[];
export const spaceEditModes = ['live', 'locked'] as const satisfies readonly SpaceEditMode[];
export const organizationTypes = [
  'business',
  'community',
] as const satisfies readonly OrganizationType[];
export const organizationUseCases = [
  'internalDocs',
  'docsSite',
  'audienceControlledSite',
  'productDocs',
  'teamKnowledgeBase',
  'designSystem',
  'openSourceDocs',
  'notes',
  'other',
] as const satisfies readonly OrganizationUseCase[];
export const organizationCommunityTypes = [
  'nonProfit',
  'openSource',
  'education',
] as const satisfies readonly OrganizationCommunityType[];
export const billingProducts = [
  'free_2024',
  'plus_2024',
  'pro_2024',
  'enterprise_2024',
  'community_2024',
  'free',
  'plus',
  'pro',
] as const satisfies readonly BillingProduct[];

export type ChangeRequestStatus = Schemas['ChangeRequestStatus'];
export const changeRequestStatuses = [
  'draft',
  'open',
  'archived',
  'merged',
] as const satisfies readonly ChangeRequestStatus[];

export type ChangeRequestReviewStatus = Schemas['ChangeRequestReviewStatus'];
export const changeRequestReviewStatuses = [
  'approved',
  'changes-requested',
] as const satisfies readonly ChangeRequestReviewStatus[];
