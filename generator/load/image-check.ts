/**
 * A file named like an image must be one: a Word document renamed to .jpg, an HTML page saved
 * as .png or a half-downloaded file would otherwise be published as a broken picture. Raster
 * formats are told by their first bytes; an SVG must be UTF-8 text whose root element is <svg>.
 */
import { ContentError } from '../errors.ts';
import { say } from '../messages/say.ts';

const SIGNATURES: Record<string, (bytes: Uint8Array) => boolean> = {
  '.png': (bytes) => startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  '.jpg': (bytes) => startsWith(bytes, [0xff, 0xd8, 0xff]),
  '.jpeg': (bytes) => startsWith(bytes, [0xff, 0xd8, 0xff]),
  '.gif': (bytes) => ascii(bytes, 0, 'GIF87a') || ascii(bytes, 0, 'GIF89a'),
  '.webp': (bytes) => ascii(bytes, 0, 'RIFF') && ascii(bytes, 8, 'WEBP'),
  '.avif': (bytes) => ascii(bytes, 4, 'ftyp') && (ascii(bytes, 8, 'avif') || ascii(bytes, 8, 'avis')),
  '.ico': (bytes) => startsWith(bytes, [0x00, 0x00, 0x01, 0x00]),
  '.svg': isSvg,
};

/** Throws a ContentError when a file with an image extension does not hold that kind of image. */
export function checkImage(file: string, bytes: Uint8Array): void {
  const extension = file.slice(file.lastIndexOf('.')).toLowerCase();
  const matches = SIGNATURES[extension];
  if (!matches || matches(bytes)) return;
  throw new ContentError({
    code: 'not-an-image',
    file,
    ...say('not-an-image', { extension }),
  });
}

function startsWith(bytes: Uint8Array, signature: number[]): boolean {
  return signature.every((byte, index) => bytes[index] === byte);
}

function ascii(bytes: Uint8Array, offset: number, text: string): boolean {
  return [...text].every((char, index) => bytes[offset + index] === char.charCodeAt(0));
}

const SVG_START = /^\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*|<!DOCTYPE[^>]*>\s*)*<svg[\s>/]/;

function isSvg(bytes: Uint8Array): boolean {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return false;
  }
  // The root closes at the end: `</svg>`, or `/>` for an empty drawing.
  return SVG_START.test(text) && /(<\/svg>|\/>)\s*$/.test(text);
}
