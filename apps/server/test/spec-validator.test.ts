import { afterAll, describe, expect, it } from 'vitest';
import type { SpecFiles } from '../src/domain/openapi/spec-files.js';
import { SpecProcessingError } from '../src/domain/openapi/spec-processing-error.js';
import { createSpecValidator } from '../src/workers/spec-validator.js';
import { createSharedWorkerPool, type WorkerPool } from '../src/workers/worker-pool.js';

// Validating a spec resolves its references, which a hostile spec makes take seconds of CPU:
// it runs on the worker pool, and answers there what it would answer on the main thread.
describe('the spec validator', () => {
  const pool = createSharedWorkerPool({ maxThreads: 1 });
  const tasks: string[] = [];
  const recording: WorkerPool = {
    run: (file, name, input, options) => {
      tasks.push(`${file} ${name}`);
      return pool.run(file, name, input, options);
    },
    stop: (reason) => pool.stop(reason),
  };
  const validate = createSpecValidator(recording);
  afterAll(() => pool.stop(new Error('The test is over')));

  const spec = (paths: unknown, schemas: unknown = {}): SpecFiles => {
    const document = {
      openapi: '3.1.0',
      info: { title: 'Pets', version: '1.0.0' },
      paths,
      components: { schemas },
    };
    const text = JSON.stringify(document);
    const url = 'https://specs.example.com/pets.json';
    return { entryUrl: url, files: new Map([['/pets.json', { url, text, parsed: document }]]) };
  };

  it('passes a valid spec, on a worker thread', async () => {
    const pet = { type: 'object', properties: { name: { type: 'string' } } };
    const ok = {
      description: 'A pet',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } },
    };
    await expect(
      validate(spec({ '/pets': { get: { responses: { '200': ok } } } }, { Pet: pet })),
    ).resolves.toBeUndefined();
    expect(tasks).toEqual(['openapi-worker validateSpec']);
  });

  it('fails a spec with what is wrong, as the processing records it', async () => {
    const broken = spec({
      '/pets': { get: { responses: { '200': { $ref: '#/components/responses/Missing' } } } },
    });
    const failure = await validate(broken).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SpecProcessingError);
    expect(failure).toMatchObject({ code: 'PARSE_ERROR', count: 1 });
    expect((failure as SpecProcessingError).problems[0]?.message).toMatch(/Can't resolve \$ref/);
  });

  it('fails a chain of references deeper than 64 before resolving any of it', async () => {
    const chain = Object.fromEntries(
      Array.from({ length: 1000 }, (_, n) => [
        `S${n}`,
        n === 999 ? { type: 'string' } : { $ref: `#/components/schemas/S${n + 1}` },
      ]),
    );
    const failure = await validate(spec({}, chain)).catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 'PARSE_ERROR' });
    expect((failure as SpecProcessingError).problems[0]?.message).toMatch(
      /references nest deeper than 64 levels/,
    );
  });
});
