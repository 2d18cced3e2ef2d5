/** What the app's middleware puts on the request context. */
export interface AppEnv {
  Variables: {
    /** The request's id: the client's `X-Request-Id` when it is a sane one, else a new UUID. */
    requestId: string;
    /**
     * Set when the answer was built with every common header already (the operations' fast
     * path), so the middleware that would add them afterwards leaves it alone.
     */
    headersWritten?: boolean;
  };
}
