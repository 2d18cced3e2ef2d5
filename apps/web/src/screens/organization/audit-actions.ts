import { useQuery } from '@tanstack/react-query';
import { api } from '../../api.js';

/** The actions the audit log records (and webhooks send), each with the label people read. */
export function useAuditActions(organizationId: string) {
  return useQuery({
    queryKey: ['audit-actions', organizationId],
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: () =>
      api.GET('/orgs/{organizationId}/audit-event-actions', {
        params: { path: { organizationId } },
      }),
  });
}
