import { describe, expect, it } from 'vitest';
import { jsonBodyOf } from '../src/caches/json-text-cache.js';
import { deepFreeze } from '../src/deep-freeze.js';
import { presentCached } from '../src/presenters/cached-presentation.js';

describe('presentations kept for records the read cache hands out again', () => {
  it('presents a frozen record once per variant, and keeps its JSON', () => {
    const record = deepFreeze({ id: 'space-1', title: 'Handbook' });
    let presented = 0;
    const present = (role: string) => () => {
      presented += 1;
      return { id: record.id, title: record.title, role };
    };
    const first = presentCached(record, ['admin'], present('admin'));
    expect(presentCached(record, ['admin'], present('admin'))).toBe(first);
    expect(presented).toBe(1);
    expect(Object.isFrozen(first)).toBe(true);
    expect(Buffer.from(jsonBodyOf(first)).toString()).toBe(
      '{"id":"space-1","title":"Handbook","role":"admin"}',
    );

    const asReader = presentCached(record, ['read'], present('read'));
    expect(asReader).not.toBe(first);
    expect(asReader.role).toBe('read');
    expect(presented).toBe(2);
  });

  it('presents a record that may still change afresh every time', () => {
    const record = { id: 'space-2', title: 'Draft' };
    const present = () => ({ title: record.title });
    expect(presentCached(record, [], present)).toEqual({ title: 'Draft' });
    record.title = 'Renamed';
    expect(presentCached(record, [], present)).toEqual({ title: 'Renamed' });
  });
});
