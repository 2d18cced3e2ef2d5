import { describe, expect, it } from 'vitest';
import { approximateBytes } from '../src/caches/byte-size.js';
import { cacheBudget } from '../src/caches/cache-budget.js';
import { createParsedObjectCache } from '../src/caches/parsed-object-cache.js';
import { createReadCache } from '../src/caches/read-cache.js';
import { createTableReadCache } from '../src/caches/table-read-cache.js';

// Every cache is bounded by what its entries weigh, not by how many there are: a few large rows
// must evict as surely as many small ones.
describe('caches bounded in bytes', () => {
  const row = (size: number) => ({ id: 'row', text: 'x'.repeat(size) });

  it('weigh strings, byte arrays and nested objects', () => {
    expect(approximateBytes('x'.repeat(1000))).toBeGreaterThanOrEqual(2000);
    expect(approximateBytes(new Uint8Array(5000))).toBeGreaterThanOrEqual(5000);
    const nested = { rows: [row(1000), row(1000)], at: new Date(), count: 2, none: null };
    expect(approximateBytes(nested)).toBeGreaterThanOrEqual(4000);
    expect(approximateBytes(nested)).toBeLessThan(6000);
  });

  it('share one budget among the caches, and never less than 64 KiB each', () => {
    const budget = cacheBudget(256 * 1024 * 1024);
    const total = Object.values(budget).reduce((sum, bytes) => sum + bytes, 0);
    expect(total).toBeLessThanOrEqual(256 * 1024 * 1024);
    expect(total).toBeGreaterThan(250 * 1024 * 1024);
    expect(Math.min(...Object.values(cacheBudget(1024)))).toBe(64 * 1024);
  });

  it('keep reads until their bytes are spent, then evict the least recently used', async () => {
    const reads = createReadCache({ current: () => 'v1' }, { maxBytes: 50_000 });
    let loads = 0;
    const load = (size: number) => async () => {
      loads += 1;
      return row(size);
    };
    // Two 10 KB rows fit; a third 20 KB one pushes out the older of them.
    await reads.read(['site', 'a'], load(5000));
    await reads.read(['site', 'b'], load(5000));
    await reads.read(['site', 'a'], load(5000));
    expect(loads).toBe(2);
    await reads.read(['site', 'c'], load(15_000));
    await reads.read(['site', 'a'], load(5000));
    expect(loads).toBe(3);
    await reads.read(['site', 'b'], load(5000));
    expect(loads).toBe(4);
    // A row larger than the whole cache is answered and not kept.
    await reads.read(['site', 'huge'], load(100_000));
    await reads.read(['site', 'huge'], load(100_000));
    expect(loads).toBe(6);
  });

  it('serve nothing from reads while the version cannot be told, and drop what it outdated', async () => {
    let version: string | undefined;
    const reads = createReadCache({ current: () => version }, { maxBytes: 50_000 });
    let loads = 0;
    const load = async () => {
      loads += 1;
      return row(10);
    };
    await reads.read(['token', 't'], load);
    await reads.read(['token', 't'], load);
    expect(loads).toBe(2);
    version = '1';
    const first = await reads.read(['token', 't'], load);
    expect(await reads.read(['token', 't'], load)).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    version = '2';
    await reads.read(['token', 't'], load);
    expect(loads).toBe(4);
  });

  it('bound table reads by bytes too', async () => {
    const tableReads = createTableReadCache({ current: () => '1' }, { maxBytes: 30_000 });
    let loads = 0;
    const load = async () => {
      loads += 1;
      return [row(5000)];
    };
    await tableReads.read(['webhooks'], ['active-webhooks', 'a'], load);
    await tableReads.read(['webhooks'], ['active-webhooks', 'b'], load);
    await tableReads.read(['webhooks'], ['active-webhooks', 'a'], load);
    expect(loads).toBe(2);
    await tableReads.read(['webhooks'], ['active-webhooks', 'c'], load);
    await tableReads.read(['webhooks'], ['active-webhooks', 'a'], load);
    await tableReads.read(['webhooks'], ['active-webhooks', 'b'], load);
    expect(loads).toBeGreaterThanOrEqual(4);
  });

  it('count parsed objects by the text they were parsed from', () => {
    const parsed = createParsedObjectCache({ maxBytes: 10_000 });
    parsed.remember('a', 'x'.repeat(3000), { a: 1 });
    expect(parsed.get('a')).toEqual({ value: { a: 1 } });
    parsed.remember('b', 'x'.repeat(3000), { b: 1 });
    expect(parsed.get('a')).toBeUndefined();
    expect(parsed.get('b')).toEqual({ value: { b: 1 } });
  });
});
