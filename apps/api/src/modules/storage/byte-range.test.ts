import { describe, expect, it } from 'vitest';
import { parseRange } from './byte-range';

describe('parseRange', () => {
  it.each([
    ['bytes=0-3', { start: 0, end: 3 }],
    ['bytes=4-', { start: 4, end: 9 }],
    ['bytes=-4', { start: 6, end: 9 }],
    ['bytes=-40', { start: 0, end: 9 }],
    ['bytes=8-40', { start: 8, end: 9 }],
    [' bytes=2-2 ', { start: 2, end: 2 }],
  ])('reads %s of a 10-byte file', (header, range) => {
    expect(parseRange(header, 10)).toEqual(range);
  });

  it.each([undefined, '', 'bytes=', 'bytes=-', 'bytes=5-2', 'bytes=0-1,3-4', 'items=0-1', 'bytes=a-b', 'bytes=0x1-2'])(
    'ignores %s and serves the whole file',
    (header) => {
      expect(parseRange(header, 10)).toBeUndefined();
    },
  );

  it.each([
    ['bytes=10-', 10],
    ['bytes=10-20', 10],
    ['bytes=-0', 10],
    ['bytes=0-', 0],
    ['bytes=-1', 0],
  ])('finds %s of a %i-byte file unsatisfiable', (header, size) => {
    expect(parseRange(header, size)).toBe('unsatisfiable');
  });
});
