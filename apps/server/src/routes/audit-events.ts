import { loadOrganizationForMember } from '../domain/organizations/organization-access.js';
import { notFound } from '../errors.js';
import type { HandlerTable } from '../http/handler.js';
import { requireOrganizationRole } from '../policies/organization-policy.js';
import {
  presentAuditEvent,
  presentAuditEventActions,
  presentAuditEventDetail,
} from '../presenters/audit-event.js';
import { presentList } from '../presenters/list.js';
import { findEvent, listEventsOfOrganization } from '../store/events.js';
import { pageRequest } from './page-request.js';

type AuditEventHandlers = Pick<
  HandlerTable,
  'listOrganizationAuditEvents' | 'getOrganizationAuditEvent' | 'listOrganizationAuditEventActions'
>;

/** Handlers of the audit log: an organization's events, for its admins. */
export const auditEventHandlers: AuditEventHandlers = {
  listOrganizationAuditEvents: async ({ params, query, actor, services }) => {
    const { organization, role } = await loadOrganizationForMember(
      services.db,
      actor,
      params.organizationId,
    );
    requireOrganizationRole(role, 'admin', 'read the audit log');
    const page = await listEventsOfOrganization(
      services.db,
      organization.id,
      {
        from: query.from,
        to: query.to,
        action: query.action,
        actor: query.actor,
        target: query.target,
      },
      pageRequest({ page: query.page, limit: query.limit ?? 20 }),
    );
    return {
      status: 200,
      body: presentList(page, (event) => presentAuditEvent(event, services.urls)),
    };
  },

  getOrganizationAuditEvent: async ({ params, actor, services }) => {
    const { organization, role } = await loadOrganizationForMember(
      services.db,
      actor,
      params.organizationId,
    );
    requireOrganizationRole(role, 'admin', 'read the audit log');
    const event = await findEvent(services.db, organization.id, params.auditEventId);
    if (event === undefined) throw notFound(`Audit event ${params.auditEventId} not found`);
    return { status: 200, body: presentAuditEventDetail(event, services.urls) };
  },

  listOrganizationAuditEventActions: async ({ params, actor, services }) => {
    const { role } = await loadOrganizationForMember(services.db, actor, params.organizationId);
    requireOrganizationRole(role, 'admin', 'read the audit log');
    return { status: 200, body: presentAuditEventActions() };
  },
};
