/**
 * A cache file made of a small structured header and large arrays of numbers: the header as a
 * structured copy (node:v8), and each array as its own bytes after it, read back as a view of
 * the file (a structured copy copies every array out of the bytes it reads: 50 MB of a page
 * cache's base at 10,000 pages, a thirtieth of a second and as much memory again).
 *
 * Laid out as: four letters that say what it is (a file of an older clubsite, a plain
 * structured copy, lacks them: isFramed), the header's length (4 bytes), the header with the
 * arrays' lengths, zeros up to a multiple of 4 bytes, then the arrays' bytes in order. A file of
 * another length than its header says, or whose header does not read, is not one (readFramed throws).
 */
import v8 from 'node:v8';

const MARK = Buffer.from('csf1');

type Numbers = Int32Array<ArrayBuffer> | Uint32Array<ArrayBuffer>;

/**
 * The file's bytes in pieces, to be written one after another (whole-file.js): `header` (any
 * structured value) and `arrays` after it, each array's bytes as they are (not copied).
 */
export function framedPieces(header: unknown, arrays: readonly Numbers[]): Buffer[] {
  const head = v8.serialize({ header, lengths: arrays.map((array) => array.length), kinds: arrays.map(kindOf) });
  const length = Buffer.alloc(4);
  length.writeUInt32LE(head.length);
  const padding = Buffer.alloc(arraysAt(head.length) - HEAD_AT - head.length);
  const bodies = arrays.map((array) => Buffer.from(array.buffer, array.byteOffset, array.byteLength));
  return [MARK, length, head, padding, ...bodies];
}

/** Whether `bytes` begin as framedPieces begin a file (not whether they are whole). */
export const isFramed = (bytes: Buffer): boolean => bytes.subarray(0, MARK.length).equals(MARK);

/** The header and the arrays of a file framedPieces made; throws when `bytes` are not one whole. */
export function readFramed(bytes: Buffer): { header: unknown; arrays: Numbers[] } {
  if (!isFramed(bytes)) throw new Error('not framed');
  const headLength = bytes.readUInt32LE(MARK.length);
  const { header, lengths, kinds } = v8.deserialize(bytes.subarray(HEAD_AT, HEAD_AT + headLength)) as {
    header: unknown;
    lengths: number[];
    kinds: string[];
  };
  if (!Array.isArray(lengths) || !Array.isArray(kinds) || lengths.length !== kinds.length)
    throw new Error('not framed');
  let at = arraysAt(headLength);
  const arrays = lengths.map((length, index) => {
    const Kind = kinds[index] === 'u32' ? Uint32Array : Int32Array;
    if (!Number.isInteger(length) || length < 0 || at + length * 4 > bytes.length) throw new Error('cut short');
    const array = viewOf(Kind, bytes, at, length);
    at += length * 4;
    return array;
  });
  if (at !== bytes.length) throw new Error('not whole');
  return { header, arrays };
}

/** Where the header begins: after the mark and its length. */
const HEAD_AT = 8;
const arraysAt = (headLength: number) => Math.ceil((HEAD_AT + headLength) / 4) * 4;

const kindOf = (array: Numbers) => (array instanceof Uint32Array ? 'u32' : 'i32');

/** A view of the file's bytes where they lie on a multiple of 4 (a large file's own buffer), else a copy. */
function viewOf(Kind: typeof Int32Array | typeof Uint32Array, bytes: Buffer, at: number, length: number): Numbers {
  const start = bytes.byteOffset + at;
  if (start % 4 === 0) return new Kind(bytes.buffer as ArrayBuffer, start, length);
  return new Kind(bytes.buffer.slice(start, start + length * 4) as ArrayBuffer);
}
