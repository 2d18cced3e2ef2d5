import type { Document } from '@quire/document';

/** A body as stored: the JSON of a document that was checked when it was written. */
export function storedBody(json: string): Document {
  const document: Document = JSON.parse(json);
  return document;
}
