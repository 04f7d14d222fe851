/**
 * A minimal POSIX tar (ustar) writer: regular files and their pax headers only, which is all an
 * export needs. Names that do not fit ustar's 100 bytes, or are not ASCII, and files of 8 GiB or
 * more get a pax extended header (`path`, `size`), which GNU tar, bsdtar and Python's tarfile read.
 */
const BLOCK = 512;
/** The largest size ustar's 11 octal digits hold. */
const MAX_USTAR_SIZE = 0o77777777777;

function writeString(header: Buffer, offset: number, length: number, value: string): void {
  header.write(value, offset, length, 'utf8');
}

function writeOctal(header: Buffer, offset: number, length: number, value: number): void {
  // `length - 1` digits and a NUL.
  writeString(header, offset, length - 1, value.toString(8).padStart(length - 1, '0'));
}

function ustarHeader(name: string, size: number, mtime: Date, type: '0' | 'x'): Buffer {
  const header = Buffer.alloc(BLOCK);
  writeString(header, 0, 100, name);
  writeOctal(header, 100, 8, 0o644);
  writeOctal(header, 108, 8, 0);
  writeOctal(header, 116, 8, 0);
  writeOctal(header, 124, 12, Math.min(size, MAX_USTAR_SIZE));
  writeOctal(header, 136, 12, Math.floor(mtime.getTime() / 1000));
  header.fill(' ', 148, 156);
  writeString(header, 156, 1, type);
  writeString(header, 257, 6, 'ustar');
  writeString(header, 263, 2, '00');
  let sum = 0;
  for (const byte of header) sum += byte;
  writeString(header, 148, 8, `${sum.toString(8).padStart(6, '0')}\0 `);
  return header;
}

/** One pax record, `<length> <key>=<value>\n`, its length counting its own digits. */
function paxRecord(key: string, value: string): string {
  const body = ` ${key}=${value}\n`;
  let length = Buffer.byteLength(body) + 1;
  while (String(length).length + Buffer.byteLength(body) !== length) length = String(length).length + Buffer.byteLength(body);
  return `${length}${body}`;
}

/** Zeros after `size` bytes of data, up to the next block. */
export const tarPadding = (size: number): Buffer => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);

/** Two zero blocks end an archive. */
export const TAR_END = Buffer.alloc(2 * BLOCK);

/** The header (and pax header, when needed) of a regular file of `size` bytes; its data and `tarPadding(size)` follow. */
export function tarFileHeader(name: string, size: number, mtime: Date): Buffer {
  const ascii = /^[\x20-\x7e]*$/u.test(name);
  const records = [
    ...(ascii && name.length <= 100 ? [] : [paxRecord('path', name)]),
    ...(size > MAX_USTAR_SIZE ? [paxRecord('size', String(size))] : []),
  ];
  const shortName = ascii ? name.slice(0, 100) : name.replace(/[^\x20-\x7e]/gu, '_').slice(0, 100);
  const file = ustarHeader(shortName, size, mtime, '0');
  if (records.length === 0) return file;
  const pax = Buffer.from(records.join(''), 'utf8');
  return Buffer.concat([ustarHeader(`PaxHeader/${shortName}`.slice(0, 100), pax.length, mtime, 'x'), pax, tarPadding(pax.length), file]);
}
