import { conflict } from '../../errors.js';
import type { ChangeRequestRecord } from '../../store/change-requests.js';
import type { SpaceRecord } from '../../store/spaces.js';

/** Throws 409 when the space is locked: a locked space refuses every content change. */
export function requireUnlockedSpace(space: Pick<SpaceRecord, 'editMode' | 'id'>): void {
  if (space.editMode === 'locked') {
    throw conflict(`Space ${space.id} is locked: its content can't change until it is unlocked`);
  }
}

/** Throws 409 when the change request was merged: its content is part of the space now. */
export function requireUnmerged(
  changeRequest: Pick<ChangeRequestRecord, 'status' | 'number'>,
): void {
  if (changeRequest.status === 'merged') {
    throw conflict(`Change request #${changeRequest.number} is merged and can't change`);
  }
}
