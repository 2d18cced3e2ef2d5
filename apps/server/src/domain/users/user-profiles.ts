import { notFound } from '../../errors.js';
import type { Executor } from '../../store/schema.js';
import { findUserById, type UserRecord } from '../../store/users.js';

/** A user by id; one that does not exist is a 404. */
export async function loadUser(db: Executor, userId: string): Promise<UserRecord> {
  const user = await findUserById(db, userId);
  if (user === undefined) throw notFound(`User ${userId} not found`);
  return user;
}
