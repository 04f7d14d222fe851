/**
 * The one byte range a `Range` header asks of an object of `size` bytes (RFC 9110): `bytes=a-b`,
 * `bytes=a-` or `bytes=-n` (the last n). Undefined: serve the whole object (no header, another
 * unit, or several ranges, which a server may answer whole). `unsatisfiable`: 416.
 */
export function byteRange(header: string | undefined, size: number): { offset: number; length: number } | 'unsatisfiable' | undefined {
  const match = header?.trim().match(/^bytes=(\d*)-(\d*)$/);
  if (!match) return undefined;
  const [, first, last] = match;
  if (first === '' && last === '') return undefined;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    const length = Math.min(suffix, size);
    return { offset: size - length, length };
  }
  const offset = Number(first);
  if (offset >= size) return 'unsatisfiable';
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (end < offset) return undefined;
  return { offset, length: end - offset + 1 };
}
