import { createQuireClient, QuireApiError } from '@quire/client';
import { QueryClient } from '@tanstack/react-query';

/** The app's client: the API on the app's own origin, signed in with the session cookie. */
export const api = createQuireClient({ baseUrl: window.location.origin, session: true });

/** Who is signed in: asked once by the app, read from the cache by any screen. */
export const signedInUser = { queryKey: ['me'], queryFn: () => api.GET('/user') } as const;

/** Whether an error is the API saying the person is not (or no longer) signed in. */
export function isSignedOut(error: unknown): boolean {
  return error instanceof QuireApiError && error.status === 401;
}

/** A failure as a person reads it. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A signed-out answer is not retried: the app shows the sign-in page.
      retry: (count, error) => !isSignedOut(error) && count < 2,
      refetchOnWindowFocus: false,
    },
  },
});
