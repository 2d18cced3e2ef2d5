import type { EmbeddingsConfig } from '../../config.js';
import { isRecord } from '../../is-record.js';
import { fetchOutbound } from '../../outbound/fetch-outbound.js';
import { OutboundError } from '../../outbound/outbound-error.js';
import { openAiEndpoint } from '../models/openai-endpoints.js';

/** Turns texts into vectors, one per text, in order, all of one model. */
export interface Embedder {
  model: string;
  embed(texts: readonly string[]): Promise<Float32Array[]>;
}

/** An embeddings endpoint that could not answer, or answered something else. */
export class EmbeddingsError extends Error {
  override readonly name = 'EmbeddingsError';
}

/**
 * Any OpenAI-compatible embeddings endpoint (OpenAI, Ollama, llama.cpp, vLLM, text-embeddings-
 * inference): `POST {url}/embeddings` when the URL ends in `/v1`, else `{url}/v1/embeddings`,
 * through the outbound guard (loopback and private addresses allowed: the operator chose it).
 * @example await embeddingsEngine(config).embed(['How do I install it?']);
 */
export function embeddingsEngine(config: EmbeddingsConfig): Embedder {
  const url = openAiEndpoint(config.url, 'embeddings');
  return {
    model: config.model,
    async embed(texts) {
      if (texts.length === 0) return [];
      let answer: Awaited<ReturnType<typeof fetchOutbound>>;
      try {
        answer = await fetchOutbound(url, {
          allowPrivate: true,
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            Accept: 'application/json',
            ...(config.apiKey === undefined ? {} : { Authorization: `Bearer ${config.apiKey}` }),
          },
          body: JSON.stringify({ model: config.model, input: texts }),
          timeoutMs: config.timeoutMs,
          maxBytes: 64 * 1024 * 1024,
          maxRedirects: 0,
        });
      } catch (error) {
        if (error instanceof OutboundError) throw new EmbeddingsError(error.message);
        throw error;
      }
      if (answer.status < 200 || answer.status > 299) {
        const said = answer.body.toString('utf8').replace(/\s+/g, ' ').slice(0, 200);
        throw new EmbeddingsError(`The embeddings endpoint answered ${answer.status}: ${said}`);
      }
      return vectorsOf(answer.body.toString('utf8'), texts.length);
    },
  };
}

function vectorsOf(text: string, count: number): Float32Array[] {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new EmbeddingsError('The embeddings endpoint answered something other than JSON');
  }
  const data = isRecord(body) && Array.isArray(body.data) ? body.data : [];
  const vectors: Float32Array[] = [];
  for (const [position, item] of data.entries()) {
    const index = isRecord(item) && typeof item.index === 'number' ? item.index : position;
    const embedding = isRecord(item) ? item.embedding : undefined;
    if (!Array.isArray(embedding) || !embedding.every((value) => typeof value === 'number')) {
      throw new EmbeddingsError('The embeddings endpoint answered an item without an embedding');
    }
    vectors[index] = Float32Array.from(embedding);
  }
  if (vectors.length !== count || vectors.some((vector) => vector === undefined)) {
    throw new EmbeddingsError(
      `The embeddings endpoint answered ${data.length} vectors for ${count} texts`,
    );
  }
  return vectors;
}

/** The cosine of the angle between two vectors (0 when either is all zeros, or their lengths differ). */
export function cosine(a: Float32Array, b: Float32Array): number {
  if (a.length !== b.length) return 0;
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (let index = 0; index < a.length; index += 1) {
    const x = a[index] ?? 0;
    const y = b[index] ?? 0;
    dot += x * y;
    normA += x * x;
    normB += y * y;
  }
  return normA === 0 || normB === 0 ? 0 : dot / Math.sqrt(normA * normB);
}
