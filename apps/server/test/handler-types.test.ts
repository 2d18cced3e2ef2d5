import type { Body, PathParams, Reply } from '@quire/contract';
import { describe, expectTypeOf, it } from 'vitest';
import type { Handler, HandlerTable } from '../src/http/handler.js';
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
});
