import { conflict } from '../errors.js';
import { isUniqueViolation } from '../store/constraint-errors.js';

/**
 * Runs a write that a unique index may refuse (another request wrote the same key meanwhile) and
 * answers that refusal as a 409 saying `message`, not a 500; any other failure stays as it is.
 * @example await conflictOnDuplicate(() => insertSpec(trx, spec), `Spec ${slug} exists already`);
 */
export async function conflictOnDuplicate<T>(write: () => Promise<T>, message: string): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(message);
    throw error;
  }
}
