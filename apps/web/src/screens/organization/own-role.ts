import { useQuery } from '@tanstack/react-query';
import { api, signedInUser } from '../../api.js';

/**
 * The signed-in person's role in an organization (`null` for a guest), from their own membership:
 * screens show admins their controls, and everyone else what they may read.
 */
export function useOwnRole(organizationId: string) {
  const me = useQuery(signedInUser);
  const userId = me.data?.id;
  const own = useQuery({
    queryKey: ['member', organizationId, userId],
    enabled: userId !== undefined,
    queryFn: () =>
      api.GET('/orgs/{organizationId}/members/{userId}', {
        params: { path: { organizationId, userId: userId ?? '' } },
      }),
  });
  return own.data?.role;
}
