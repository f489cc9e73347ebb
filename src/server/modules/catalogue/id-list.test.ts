/** The export's id list read as one text (queries.ts `parseIdList`, docs/performance.md "The export's id list"). */
import { describe, expect, it } from 'vitest';
import { parseIdList } from './queries.ts';

describe('parseIdList', () => {
  it('reads comma-separated ids in their order', () => {
    expect(parseIdList('12,7,300,2147483647')).toEqual([12, 7, 300, 2147483647]);
    expect(parseIdList('5')).toEqual([5]);
  });

  it('reads no ids from null or an empty text', () => {
    expect(parseIdList(null)).toEqual([]);
    expect(parseIdList('')).toEqual([]);
  });

  it('gives back what join wrote for many ids', () => {
    const ids = Array.from({ length: 5000 }, (_, i) => (i * 7919) % 100_003 || 1);
    expect(parseIdList(ids.join(','))).toEqual(ids);
  });
});
