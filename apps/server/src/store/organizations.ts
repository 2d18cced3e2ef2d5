import {
  type BillingProduct,
  billingProducts,
  type OrganizationCommunityType,
  type OrganizationType,
  type OrganizationUseCase,
  organizationCommunityTypes,
  organizationTypes,
  organizationUseCases,
  storedEnum,
} from '../model/enums.js';
import { type OrganizationMergeRules, storedMergeRules } from '../model/merge-rules.js';
import { isMemberRole, type MemberRole, memberRoles } from '../model/roles.js';
import { keysetPage, type Page, type PageRequest } from './pagination.js';
import type { Executor, OrganizationsTable } from './schema.js';

/** A stored organization with its email domains. */
export interface OrganizationRecord {
  id: string;
  title: string;
  emailDomains: string[];
  hostname: string | null;
  type: OrganizationType;
  useCase: OrganizationUseCase | null;
  communityType: OrganizationCommunityType | null;
  defaultRole: MemberRole | null;
  defaultContentSite: string | null;
  logoUrl: string | null;
  sso: boolean;
  ai: boolean;
  inviteLinks: boolean;
  mergeRules: OrganizationMergeRules;
  plan: BillingProduct;
  createdAt: string;
  updatedAt: string;
}

/** The fields of an organization that an update may change. */
export type OrganizationChanges = Partial<
  Pick<
    OrganizationRecord,
    | 'title'
    | 'emailDomains'
    | 'hostname'
    | 'defaultRole'
    | 'defaultContentSite'
    | 'logoUrl'
    | 'sso'
    | 'ai'
    | 'inviteLinks'
    | 'mergeRules'
  >
> & { updatedAt: string };

function toOrganization(row: OrganizationsTable, emailDomains: string[]): OrganizationRecord {
  return {
    id: row.id,
    title: row.title,
    emailDomains,
    hostname: row.hostname,
    type: storedEnum(organizationTypes, row.type, 'organization type'),
    useCase:
      row.use_case === null ? null : storedEnum(organizationUseCases, row.use_case, 'use case'),
    communityType:
      row.community_type === null
        ? null
        : storedEnum(organizationCommunityTypes, row.community_type, 'community type'),
    defaultRole: isMemberRole(row.default_role) ? row.default_role : null,
    defaultContentSite: row.default_content_site,
    logoUrl: row.logo_url,
    sso: row.sso === 1,
    ai: row.ai === 1,
    inviteLinks: row.invite_links === 1,
    mergeRules: row.merge_rules === null ? { type: 'none' } : JSON.parse(row.merge_rules),
    plan: storedEnum(billingProducts, row.plan, 'plan'),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

async function emailDomainsOf(
  db: Executor,
  organizationIds: string[],
): Promise<Map<string, string[]>> {
  const domains = new Map<string, string[]>(organizationIds.map((id) => [id, []]));
  if (organizationIds.length === 0) return domains;
  const rows = await db
    .selectFrom('organization_email_domains')
    .select(['organization_id', 'domain'])
    .where('organization_id', 'in', organizationIds)
    .orderBy('domain')
    .execute();
  for (const row of rows) domains.get(row.organization_id)?.push(row.domain);
  return domains;
}

async function withEmailDomains(
  db: Executor,
  rows: OrganizationsTable[],
): Promise<OrganizationRecord[]> {
  const domains = await emailDomainsOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toOrganization(row, domains.get(row.id) ?? []));
}

async function replaceEmailDomains(
  db: Executor,
  organizationId: string,
  domains: string[],
): Promise<void> {
  await db
    .deleteFrom('organization_email_domains')
    .where('organization_id', '=', organizationId)
    .execute();
  if (domains.length === 0) return;
  await db
    .insertInto('organization_email_domains')
    .values(domains.map((domain) => ({ organization_id: organizationId, domain })))
    .execute();
}

/** Stores a new organization and its email domains. */
export async function insertOrganization(
  db: Executor,
  organization: OrganizationRecord,
): Promise<void> {
  await db
    .insertInto('organizations')
    .values({
      id: organization.id,
      title: organization.title,
      hostname: organization.hostname,
      type: organization.type,
      use_case: organization.useCase,
      community_type: organization.communityType,
      default_role: organization.defaultRole,
      default_content_site: organization.defaultContentSite,
      logo_url: organization.logoUrl,
      sso: organization.sso ? 1 : 0,
      ai: organization.ai ? 1 : 0,
      invite_links: organization.inviteLinks ? 1 : 0,
      merge_rules: storedMergeRules(organization.mergeRules, 'none'),
      plan: organization.plan,
      created_at: organization.createdAt,
      updated_at: organization.updatedAt,
    })
    .execute();
  await replaceEmailDomains(db, organization.id, organization.emailDomains);
}

/** The organization with this id, if any. */
export async function findOrganizationById(
  db: Executor,
  id: string,
): Promise<OrganizationRecord | undefined> {
  const row = await db
    .selectFrom('organizations')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (row === undefined) return undefined;
  const [organization] = await withEmailDomains(db, [row]);
  return organization;
}

/** The organization with this hostname (its subdomain), if any. */
export async function findOrganizationByHostname(
  db: Executor,
  hostname: string,
): Promise<OrganizationRecord | undefined> {
  const row = await db
    .selectFrom('organizations')
    .select('id')
    .where('hostname', '=', hostname.toLowerCase())
    .executeTakeFirst();
  return row && findOrganizationById(db, row.id);
}

/** Applies changes to an organization; email domains are replaced as a whole. */
export async function updateOrganization(
  db: Executor,
  id: string,
  changes: OrganizationChanges,
): Promise<void> {
  await db
    .updateTable('organizations')
    .set({
      title: changes.title,
      hostname: changes.hostname,
      default_role: changes.defaultRole,
      default_content_site: changes.defaultContentSite,
      logo_url: changes.logoUrl,
      sso: changes.sso === undefined ? undefined : Number(changes.sso),
      ai: changes.ai === undefined ? undefined : Number(changes.ai),
      invite_links: changes.inviteLinks === undefined ? undefined : Number(changes.inviteLinks),
      merge_rules:
        changes.mergeRules === undefined ? undefined : storedMergeRules(changes.mergeRules, 'none'),
      updated_at: changes.updatedAt,
    })
    .where('id', '=', id)
    .execute();
  if (changes.emailDomains !== undefined) await replaceEmailDomains(db, id, changes.emailDomains);
}

/** An organization with the role a given user has in it. */
export interface MemberOrganization {
  organization: OrganizationRecord;
  role: MemberRole;
}

/** A page of the organizations a user is a member of, with their role, by creation date. */
export async function listOrganizationsOfUser(
  db: Executor,
  userId: string,
  request: PageRequest & { order: 'asc' | 'desc' },
): Promise<Page<MemberOrganization>> {
  const page = await keysetPage(
    db
      .selectFrom('organizations')
      .innerJoin('organization_members', 'organization_members.organization_id', 'organizations.id')
      .where('organization_members.user_id', '=', userId)
      // Guests reach only the spaces granted to them, not the organization.
      .where('organization_members.role', 'is not', null),
    (query) => query.selectAll('organizations').select('organization_members.role as member_role'),
    {
      columns: ['organizations.created_at', 'organizations.id'],
      direction: request.order,
      cursorOf: (row) => [row.created_at, row.id],
    },
    request,
  );
  const organizations = await withEmailDomains(db, page.items);
  return {
    ...page,
    items: organizations.map((organization, index) => ({
      organization,
      role: storedEnum(memberRoles, page.items[index]?.member_role ?? '', 'member role'),
    })),
  };
}

/** An organization with the role a given user has in it, if any. */
export interface OrganizationWithRole {
  organization: OrganizationRecord;
  role: MemberRole | null;
}

/** Organizations that list an email domain, with the role `userId` has in each (if any). */
export async function listOrganizationsByEmailDomain(
  db: Executor,
  domain: string,
  userId: string,
): Promise<OrganizationWithRole[]> {
  const rows = await db
    .selectFrom('organizations')
    .innerJoin(
      'organization_email_domains',
      'organization_email_domains.organization_id',
      'organizations.id',
    )
    .leftJoin('organization_members', (join) =>
      join
        .onRef('organization_members.organization_id', '=', 'organizations.id')
        .on('organization_members.user_id', '=', userId),
    )
    .selectAll('organizations')
    .select('organization_members.role as member_role')
    .where('organization_email_domains.domain', '=', domain)
    .orderBy('organizations.created_at')
    .execute();
  const organizations = await withEmailDomains(db, rows);
  return organizations.map((organization, index) => {
    const role = rows[index]?.member_role;
    return { organization, role: isMemberRole(role) ? role : null };
  });
}
