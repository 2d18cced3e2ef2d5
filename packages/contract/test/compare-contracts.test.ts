import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain script of this package, without types
import { compareContracts } from '../scripts/compare-contracts.mjs';

/** A contract with one operation, `GET /pages/{id}/document`, reading the given query parameter. */
function contract(parameter: Record<string, unknown>, operationId = 'getPageDocument') {
  return {
    paths: {
      '/pages/{id}/document': {
        get: {
          operationId,
          parameters: [{ in: 'query', ...parameter }],
          responses: { '200': { description: 'The document.' } },
        },
      },
    },
  };
}

const evaluated = (schema: unknown) => contract({ name: 'evaluated', schema });

describe('comparing contracts', () => {
  it("finds a query parameter whose types or values GitBook's clients send and ours refuses", () => {
    const theirs = evaluated({
      oneOf: [{ type: 'boolean' }, { type: 'string', enum: ['deterministic-only'] }],
    });
    expect(compareContracts(evaluated({ type: 'boolean' }), theirs).differences).toEqual([
      {
        operation: 'getPageDocument',
        kind: 'query-values',
        name: 'evaluated',
        detail: 'string not accepted',
      },
    ]);
    const partly = evaluated({
      oneOf: [{ type: 'boolean' }, { type: 'string', enum: ['all'] }],
    });
    expect(compareContracts(partly, theirs).differences[0]?.detail).toBe(
      'deterministic-only not accepted',
    );
    const same = evaluated({
      oneOf: [{ type: 'boolean' }, { type: 'string', enum: ['deterministic-only'] }],
    });
    expect(compareContracts(same, theirs).differences).toEqual([]);
  });

  it('finds a list of values where GitBook takes any, and a narrower number', () => {
    const anyAction = contract({ name: 'action', schema: { type: 'string' } });
    const listed = contract({ name: 'action', schema: { type: 'string', enum: ['a', 'b'] } });
    expect(compareContracts(listed, anyAction).differences[0]?.detail).toBe(
      'any string, ours only a|b',
    );
    expect(compareContracts(anyAction, listed).differences).toEqual([]);
    const limit = (type: string) => contract({ name: 'limit', schema: { type } });
    expect(compareContracts(limit('integer'), limit('number')).differences[0]?.detail).toBe(
      'number not accepted',
    );
    expect(compareContracts(limit('number'), limit('integer')).differences).toEqual([]);
  });

  it('still finds parameters ours does not read, and names that differ', () => {
    const theirs = contract({ name: 'evaluated', schema: { type: 'boolean' } });
    const ours = contract({ name: 'format', schema: { type: 'string' } }, 'readDocument');
    expect(compareContracts(ours, theirs).differences).toEqual([
      {
        operation: 'getPageDocument',
        kind: 'operationId',
        name: 'getPageDocument',
        detail: 'ours: readDocument',
      },
      { operation: 'getPageDocument', kind: 'query', name: 'evaluated', detail: 'not read' },
    ]);
  });
});
