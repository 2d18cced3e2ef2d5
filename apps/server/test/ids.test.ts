import { describe, expect, it } from 'vitest';
import { newId } from '../src/ids.js';

describe('ids', () => {
  it('are 20 letters and digits, so none starts with "-" and reads as a CLI option', () => {
    const ids = Array.from({ length: 2000 }, newId);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9]{20}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
