import { createHash } from 'node:crypto';
import type { Executor } from '../../store/schema.js';
import {
  deleteEmbeddings,
  embeddedHashesOf,
  indexedSectionsOf,
  upsertEmbeddings,
  type VectorSearch,
} from '../../store/section-embeddings.js';
import type { Embedder } from './embeddings-engine.js';

// Texts per request to the endpoint, and characters per text: within what endpoints take.
const batchTexts = 64;
const textCharacters = 8000;

/** What embedding a space's sections did: sections embedded, and removed. */
export interface EmbeddedSections {
  embedded: number;
  removed: number;
}

/**
 * Brings the embeddings of a space's head up to date with its sections, as the search index holds
 * them: only sections whose text (or the model) changed since they were embedded are sent to the
 * endpoint; those the head no longer has are removed.
 */
export async function embedSpaceSections(
  db: Executor,
  embedder: Embedder,
  spaceId: string,
  search: VectorSearch,
): Promise<EmbeddedSections> {
  const sections = await indexedSectionsOf(db, spaceId);
  const embedded = await embeddedHashesOf(db, spaceId);
  const current = new Set<string>();
  const due = sections.flatMap((section) => {
    const key = `${section.pageId}#${section.anchor}`;
    current.add(key);
    const text = `${section.heading}\n\n${section.body}`.trim().slice(0, textCharacters);
    const hash = createHash('sha256').update(text).digest('hex');
    const known = embedded.get(key);
    return known?.hash === hash && known.model === embedder.model ? [] : [{ section, text, hash }];
  });
  const gone = [...embedded.keys()]
    .filter((key) => !current.has(key))
    .map((key) => {
      const at = key.indexOf('#');
      return { pageId: key.slice(0, at), anchor: key.slice(at + 1) };
    });
  for (let start = 0; start < due.length; start += batchTexts) {
    const batch = due.slice(start, start + batchTexts);
    const vectors = await embedder.embed(batch.map((item) => item.text));
    await upsertEmbeddings(
      db,
      batch.map(({ section, hash }, index) => ({
        spaceId,
        pageId: section.pageId,
        anchor: section.anchor,
        sectionHash: hash,
        model: embedder.model,
        vector: vectors[index] ?? new Float32Array(),
      })),
      search,
    );
  }
  await deleteEmbeddings(db, spaceId, gone);
  return { embedded: due.length, removed: gone.length };
}
