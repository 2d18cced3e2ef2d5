/**
 * The Yjs transaction origin of an update that is in the database already: one another process
 * appended, or a merged revision stored with its base. It is not appended again; the revision
 * writes still follow it (Hocuspocus's store hooks run), so the process writing the document
 * writes what people typed on other processes too.
 */
export const storedOrigin = { source: 'local' as const, context: { stored: true } };

/** Whether an update came in with {@link storedOrigin}. */
export function isStored(origin: unknown): boolean {
  return origin === storedOrigin;
}
