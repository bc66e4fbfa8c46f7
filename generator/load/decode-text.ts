/**
 * Turns the bytes of a content file into text the way a volunteer's editor meant them: a
 * byte-order mark is dropped and Windows line endings are read as plain ones (neither is a
 * mistake), while a file that is not UTF-8 (saved as Latin-1 by an old editor) is an error at
 * the line of its first bad byte, instead of æ, ø and å turning into � on the public site.
 */
import { ContentError } from '../errors.ts';
import { say } from '../messages/say.ts';

/** Larger text files are refused before they are read: no page or data file comes near this. */
export const MAX_TEXT_BYTES = 2 * 1024 * 1024;

const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

export function decodeText(file: string, bytes: Uint8Array): string {
  let text: string;
  try {
    text = decoder.decode(bytes);
  } catch {
    const offset = Math.min(firstInvalidByte(bytes), Math.max(0, bytes.length - 1));
    const { line, column } = positionOf(bytes, offset);
    throw new ContentError({
      code: 'not-utf8',
      file,
      line,
      column,
      ...say('not-utf8', { byte: (bytes[offset] ?? 0).toString(16).toUpperCase().padStart(2, '0') }),
    });
  }
  if (text.trim() === '') {
    throw new ContentError({
      code: 'empty-file',
      file,
      line: 1,
      column: 1,
      ...say('empty-file'),
    });
  }
  return text.replace(/\r\n?/g, '\n');
}

/** The offset of the first byte that does not start or continue a valid UTF-8 sequence (the length when there is none). */
export function firstInvalidByte(bytes: Uint8Array): number {
  let index = 0;
  while (index < bytes.length) {
    const byte = bytes[index] ?? 0;
    const length =
      byte < 0x80
        ? 1
        : byte >= 0xc2 && byte <= 0xdf
          ? 2
          : byte >= 0xe0 && byte <= 0xef
            ? 3
            : byte >= 0xf0 && byte <= 0xf4
              ? 4
              : 0;
    if (length === 0) return index;
    for (let next = 1; next < length; next += 1) {
      const continuation = bytes[index + next];
      if (continuation === undefined || (continuation & 0xc0) !== 0x80) return index;
    }
    index += length;
  }
  return bytes.length;
}

function positionOf(bytes: Uint8Array, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let index = 0; index < offset; index += 1) {
    if (bytes[index] === 0x0a) {
      line += 1;
      lineStart = index + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}
