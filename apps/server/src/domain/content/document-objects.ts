import type { Document } from '@quire/document';
import { canonicalJson, contentHash } from './canonical-json.js';
import type { DocumentObject } from './records.js';

/** A page body's content object with its canonical JSON and its hash: the object as stored. */
export interface StoredDocumentObject {
  object: DocumentObject & { document: Document };
  text: string;
  hash: string;
}

// Forms computed off the event loop, by the objects they are of. Bodies and content objects are
// never changed once made (see `ContentObjects`), so a form stays true for as long as its object
// lives.
const storedForms = new WeakMap<object, { text: string; hash: string }>();
const objectsOfBodies = new WeakMap<Document, DocumentObject>();

/**
 * The content object of a body, written out and hashed: a worker thread does this for a large
 * body (a 1 MiB page is a document of about 7 MB), so that storing it costs the event loop only
 * the reading of its text.
 */
export function storedDocumentObject(document: Document): StoredDocumentObject {
  const object = { kind: 'document' as const, document };
  const text = canonicalJson(object);
  return { object, text, hash: contentHash(text) };
}

/** Keeps a body's stored form, made elsewhere, for {@link documentObject} and `ContentObjects`. */
export function keepStoredDocumentObject({ object, text, hash }: StoredDocumentObject): void {
  storedForms.set(object, { text, hash });
  objectsOfBodies.set(object.document, object);
}

/** The content object of a page body: the one kept with its stored form, else a new one. */
export function documentObject(document: Document): DocumentObject {
  return objectsOfBodies.get(document) ?? { kind: 'document', document };
}

/** The canonical JSON and hash of a content object, when they were made already. */
export function storedFormOf(value: unknown): { text: string; hash: string } | undefined {
  return typeof value === 'object' && value !== null ? storedForms.get(value) : undefined;
}
