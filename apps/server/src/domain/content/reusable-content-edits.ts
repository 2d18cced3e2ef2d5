import { type Document, mapReusableContentBlocks, reusableContentRefs } from '@quire/document';
import { invalid } from '../../errors.js';
import { newId } from '../../ids.js';
import type { InsertReusableContentInput, UpdateReusableContentInput } from './change-inputs.js';
import type { ContentTree } from './content-tree.js';
import { documentObject } from './document-objects.js';
import { includeNameOf, includeNames } from './include-paths.js';
import { readBody } from './read-content.js';
import { isPageRecord, type ReusableContentRecord } from './records.js';
import { mapEntries } from './tree/persistent-map.js';

/** Reusable contents a batch inserted, by the `ref` it gave them. */
export type ReusableContentRefs = Map<string, string>;

const emptyDocument: Document = { object: 'document', data: { schemaVersion: 1 }, nodes: [] };

/** Resolves a reusable content named by id or by a `ref` of the batch; unknown → 400. */
async function existingReusableContent(
  tree: ContentTree,
  refs: ReusableContentRefs,
  idOrRef: string,
  where: string,
): Promise<ReusableContentRecord> {
  const record = await tree.reusableContent(refs.get(idOrRef) ?? idOrRef);
  if (record === undefined) {
    throw invalid(`${where}: there is no reusable content ${idOrRef} in the content`);
  }
  return record;
}

// Reusable content shows inside pages; one included in another could include itself.
function bodyOfReusableContent(body: Document | undefined, where: string): Document {
  if (body !== undefined && reusableContentRefs(body).length > 0) {
    throw invalid(`${where}: reusable content can't include other reusable content`);
  }
  return body ?? emptyDocument;
}

/** Applies an `insert_reusable_content` change; answers the new record. */
export async function insertReusableContent(
  tree: ContentTree,
  refs: ReusableContentRefs,
  input: InsertReusableContentInput,
  body: Document | undefined,
  where: string,
): Promise<ReusableContentRecord> {
  if (input.ref !== undefined && refs.has(input.ref)) {
    throw invalid(`${where}.ref: the batch already has a reusable content with ref ${input.ref}`);
  }
  const document = bodyOfReusableContent(body, `${where}.document`);
  const record: ReusableContentRecord = {
    id: newId(),
    title: input.title,
    documentId: tree.objects.put(documentObject(document)),
  };
  await tree.putReusableContent(record);
  if (input.ref !== undefined) refs.set(input.ref, record.id);
  return record;
}

/** Applies an `update_reusable_content` change: its title, its body. */
export async function updateReusableContent(
  tree: ContentTree,
  refs: ReusableContentRefs,
  input: UpdateReusableContentInput,
  body: Document | undefined,
  where: string,
): Promise<ReusableContentRecord> {
  const record = await existingReusableContent(
    tree,
    refs,
    input.reusableContent,
    `${where}.reusableContent`,
  );
  const updated: ReusableContentRecord = {
    ...record,
    ...(input.title === undefined ? {} : { title: input.title }),
    ...(body === undefined
      ? {}
      : {
          documentId: tree.objects.put(
            documentObject(bodyOfReusableContent(body, `${where}.document`)),
          ),
        }),
  };
  await tree.putReusableContent(updated);
  return updated;
}

/** Applies a `delete_reusable_content` change; whether pages still use it is checked at the end. */
export async function deleteReusableContent(
  tree: ContentTree,
  refs: ReusableContentRefs,
  idOrRef: string,
  where: string,
): Promise<string> {
  const record = await existingReusableContent(tree, refs, idOrRef, `${where}.reusableContent`);
  await tree.removeReusableContent(record.id);
  return record.id;
}

/**
 * A page body with each `reusable-content` block pointing at a reusable content of the content
 * by its id: an id, a `ref` of the batch, or an include path from Markdown
 * (`../.gitbook/includes/<name>.md`) are accepted; anything else is a 400 naming `where`.
 * A body without such blocks is answered as it is.
 */
export async function resolveIncludes(
  tree: ContentTree,
  refs: ReusableContentRefs,
  body: Document,
  where: string,
): Promise<Document> {
  const asked = reusableContentRefs(body);
  if (asked.length === 0) return body;
  const ids = new Map<string, string>();
  let byName: Map<string, string> | undefined;
  for (const reference of asked) {
    const direct = refs.get(reference) ?? reference;
    if ((await tree.reusableContent(direct)) !== undefined) {
      ids.set(reference, direct);
      continue;
    }
    const name = includeNameOf(reference);
    if (name !== undefined) {
      byName ??= new Map(
        [...includeNames(await tree.reusableContents())].map(([id, named]) => [named, id]),
      );
      const id = byName.get(name);
      if (id !== undefined) {
        ids.set(reference, id);
        continue;
      }
    }
    throw invalid(
      `${where}: there is no reusable content ${reference.slice(0, 200)} in the content`,
    );
  }
  return mapReusableContentBlocks(body, (block) => {
    const id = ids.get(block.data.ref.reusableContent) ?? block.data.ref.reusableContent;
    return [
      { ...block, data: { ...block.data, ref: { kind: 'reusable-content', reusableContent: id } } },
    ];
  });
}

/**
 * Refuses a batch that removed a reusable content some page of the content still includes
 * (a 400 naming the change that removed it): the page would show nothing in its place.
 */
export async function requireUnusedRemoved(
  tree: ContentTree,
  removed: ReadonlyMap<string, string>,
): Promise<void> {
  const gone = new Map<string, string>();
  for (const [id, where] of removed) {
    if ((await tree.reusableContent(id)) === undefined) gone.set(id, where);
  }
  if (gone.size === 0) return;
  for (const [, value] of await mapEntries(tree.objects, tree.parts.pages)) {
    if (!isPageRecord(value) || value.documentId === undefined) continue;
    const body = await readBody(tree.objects, value.documentId);
    for (const id of reusableContentRefs(body)) {
      const where = gone.get(id);
      if (where !== undefined) {
        throw invalid(
          `${where}: the page ${value.id} still includes reusable content ${id}; remove its block first`,
        );
      }
    }
  }
}

/** The records as the content holds them now, in the same order; those removed since left out. */
export async function currentRecords(
  tree: ContentTree,
  records: readonly ReusableContentRecord[],
): Promise<ReusableContentRecord[]> {
  const current: ReusableContentRecord[] = [];
  for (const record of records) {
    const now = await tree.reusableContent(record.id);
    if (now !== undefined) current.push(now);
  }
  return current;
}
