import type { components } from '@quire/contract';
import type { TeamRecord } from '../store/teams.js';
import type { Urls } from './urls.js';

type Team = components['schemas']['Team'];

/** A team as the API shows it to a caller who may (`admin`) or may not manage its members. */
export function presentTeam(team: TeamRecord, manages: boolean, urls: Urls): Team {
  return {
    object: 'team',
    id: team.id,
    title: team.title,
    members: team.members,
    spaces: team.spaces,
    createdAt: team.createdAt,
    permissions: { admin: manages, view: true },
    urls: { location: urls.api('orgs', team.organizationId, 'teams', team.id) },
  };
}
