import { byteRange } from './byte-range';

describe('the byte range a request asks for', () => {
  it.each([
    ['bytes=0-9', { offset: 0, length: 10 }],
    ['bytes=10-', { offset: 10, length: 90 }],
    ['bytes=-5', { offset: 95, length: 5 }],
    ['bytes=-500', { offset: 0, length: 100 }],
    ['bytes=90-200', { offset: 90, length: 10 }],
  ])('%s of 100 bytes: %j', (header, range) => {
    expect(byteRange(header, 100)).toEqual(range);
  });

  it.each([undefined, 'items=0-9', 'bytes=0-1,5-9', 'bytes=-', 'bytes=9-3', 'nonsense'])('%j: the whole object', (header) => {
    expect(byteRange(header, 100)).toBeUndefined();
  });

  it.each(['bytes=100-', 'bytes=100-200', 'bytes=-0'])('%s of 100 bytes cannot be served', (header) => {
    expect(byteRange(header, 100)).toBe('unsatisfiable');
  });
});
