import { QuireApiError } from '@quire/client';
import { expect } from 'vitest';

/** Asserts that a client call fails with this status, and a message matching `message` if given. */
export async function expectApiError(
  call: Promise<unknown>,
  status: number,
  message?: string | RegExp,
): Promise<QuireApiError> {
  const error = await call.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error, `expected the call to fail with ${status}`).toBeInstanceOf(QuireApiError);
  const apiError = error as QuireApiError;
  expect(apiError.status, apiError.message).toBe(status);
  if (message !== undefined) expect(apiError.message).toMatch(message);
  return apiError;
}
