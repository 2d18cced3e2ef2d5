import { describe, expect, it } from 'vitest';
import { higherRole, roleAtLeast } from '../src/model/roles.js';
import { organizationPermissions } from '../src/policies/organization-policy.js';
import {
  canReadSpace,
  effectiveSpaceRole,
  spacePermissions,
} from '../src/policies/space-policy.js';

describe('roles and permissions', () => {
  it('ranks roles admin > create > review > edit > comment > read > guest', () => {
    expect(roleAtLeast('review', 'edit')).toBe(true);
    expect(roleAtLeast('edit', 'review')).toBe(false);
    expect(roleAtLeast(null, 'read')).toBe(false);
    expect(higherRole('read', 'comment')).toBe('comment');
    expect(higherRole(null, 'read')).toBe('read');
  });

  it('computes the effective space role from the org role and defaultLevel', () => {
    expect(effectiveSpaceRole('read', { defaultLevel: 'edit' })).toBe('edit');
    expect(effectiveSpaceRole('review', { defaultLevel: 'edit' })).toBe('review');
    expect(effectiveSpaceRole('admin', { defaultLevel: null })).toBe('admin');
    // defaultLevel raises members only: a non-member stays a guest.
    expect(effectiveSpaceRole(null, { defaultLevel: 'edit' })).toBeNull();
  });

  it('lets guests read only public and unlisted spaces, with nothing else', () => {
    expect(canReadSpace(null, { visibility: 'public' })).toBe(true);
    expect(canReadSpace(null, { visibility: 'unlisted' })).toBe(true);
    expect(canReadSpace(null, { visibility: 'private' })).toBe(false);
    expect(canReadSpace(null, { visibility: 'share-link' })).toBe(false);
    expect(spacePermissions(null, { visibility: 'public', editMode: 'live' })).toEqual({
      view: true,
      access: false,
      admin: false,
      viewInviteLinks: false,
      edit: false,
      triggerGitSync: false,
      comment: false,
      merge: false,
      review: false,
      installIntegration: false,
    });
  });

  it('follows the permission table for each role', () => {
    const live = { visibility: 'private', editMode: 'live' } as const;
    expect(spacePermissions('comment', live)).toMatchObject({
      view: true,
      comment: true,
      edit: false,
    });
    expect(spacePermissions('edit', live)).toMatchObject({
      edit: true,
      triggerGitSync: true,
      review: false,
      merge: false,
    });
    expect(spacePermissions('review', live)).toMatchObject({
      review: true,
      merge: true,
      admin: false,
    });
    expect(spacePermissions('admin', { ...live, editMode: 'locked' })).toMatchObject({
      admin: true,
      edit: false,
      merge: false,
      triggerGitSync: true,
    });
    expect(organizationPermissions('create')).toMatchObject({
      createContent: true,
      createOpenAPISpec: true,
      admin: false,
    });
    expect(organizationPermissions('read')).toMatchObject({
      view: true,
      listMembers: true,
      createContent: false,
    });
    expect(organizationPermissions(null)).toMatchObject({ view: false, listMembers: false });
    expect(organizationPermissions('admin')).toMatchObject({
      viewBilling: true,
      ingestConversations: true,
    });
  });
});
