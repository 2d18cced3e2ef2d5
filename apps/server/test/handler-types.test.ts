import type { Body, PathParams, Reply } from '@quire/contract';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { combineHandlerTables, type Handler, type HandlerTable } from '../src/http/handler.js';
import { handlers } from '../src/routes/index.js';

// These pin what must fail to compile; `pnpm lint` (tsc --noEmit) checks them.
describe('handler table types', () => {
  it('derives input and replies from the contract', () => {
    expectTypeOf<PathParams<'getSpaceById'>>().toEqualTypeOf<{ spaceId: string }>();
    expectTypeOf<Body<'transferSpace'>>().toEqualTypeOf<{ organization: string }>();
    expectTypeOf<Reply<'deleteSpaceById'>['status']>().toEqualTypeOf<204>();
    expectTypeOf(handlers).toEqualTypeOf<HandlerTable>();
  });

  it('rejects a handler whose reply the contract does not allow', () => {
    // @ts-expect-error: getSpaceById answers 200 with a Space, not a string
    const wrongBody: Handler<'getSpaceById'> = async () => ({ status: 200, body: 'a space' });
    // @ts-expect-error: createSpace answers 201, never 200
    const wrongStatus: Handler<'createSpace'> = async () => ({ status: 200, body: undefined });
    expectTypeOf(wrongBody).toBeFunction();
    expectTypeOf(wrongStatus).toBeFunction();
  });

  it('rejects a table with an operation missing', () => {
    const { getSpaceById: _left, ...incomplete } = handlers;
    // @ts-expect-error: getSpaceById has no handler
    const table: HandlerTable = incomplete;
    expectTypeOf(table).toBeObject();
  });

  it('rejects two areas handling one operation, at compile time and at start-up', () => {
    const spaces: Pick<HandlerTable, 'getSpaceById'> = { getSpaceById: handlers.getSpaceById };
    const copy: Pick<HandlerTable, 'getSpaceById' | 'deleteSpaceById'> = {
      getSpaceById: handlers.getSpaceById,
      deleteSpaceById: handlers.deleteSpaceById,
    };
    expectTypeOf(combineHandlerTables([spaces])).toHaveProperty('getSpaceById');
    // @ts-expect-error: getSpaceById is handled twice
    expect(() => combineHandlerTables([spaces, copy])).toThrow(
      'Operation getSpaceById has two handlers',
    );
    // A table whose type was widened is still caught, when the server starts.
    const widened: Partial<HandlerTable>[] = [spaces, copy];
    expect(() => combineHandlerTables(widened)).toThrow('Operation getSpaceById has two handlers');
  });
});
