import { embeddingsOfSpaces, nearestEmbeddings } from '../../store/section-embeddings.js';
import { cosine, EmbeddingsError, embeddingsEngine } from '../embeddings/embeddings-engine.js';
import type { AskServices } from './ask-services.js';
import type { Ranking } from './retrieve-sections.js';

const ranked = 50;

/**
 * The sections of these spaces most like the question, by the cosine of their embeddings, the
 * most alike first; none without an embeddings endpoint. An endpoint that fails leaves the
 * question to be answered by its words: logged, not an error.
 */
export async function similarSections(
  services: AskServices,
  spaceIds: readonly string[],
  question: string,
): Promise<Ranking[]> {
  if (services.embeddings === undefined || spaceIds.length === 0) return [];
  const embedder = embeddingsEngine(services.embeddings);
  let asked: Float32Array | undefined;
  try {
    [asked] = await embedder.embed([question]);
  } catch (error) {
    if (!(error instanceof EmbeddingsError)) throw error;
    services.logger.warn(
      { err: error },
      'the question could not be embedded; words alone find its sections',
    );
    return [];
  }
  if (asked === undefined) return [];
  if (services.vectorSearch === 'database') {
    return [await nearestEmbeddings(services.db, spaceIds, embedder.model, asked, ranked)];
  }
  const sections = await embeddingsOfSpaces(services.db, spaceIds, embedder.model);
  const scored = sections
    .map((section) => ({ id: section.id, score: cosine(asked, section.vector) }))
    .filter((section) => section.score > 0)
    .sort((a, b) => b.score - a.score || a.id - b.id)
    .slice(0, ranked);
  return [scored];
}
