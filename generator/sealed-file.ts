/**
 * Every file the cache keeps ends in the SHA-256 of the bytes before it, and is believed only
 * when they hash to it: a flipped bit, a file cut short or another site's file swapped in is no
 * file (a miss: what it held is made again), never a published byte or a line of code run.
 * Hashing costs about 1 ms per 1.5 MB on this machine (a 10,000-page page cache of 70 MB: some
 * 50 ms, against a build of 1.5 s).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { writeWhole } from './whole-file.js';

const MARK = Buffer.from('\nclubsite-sha256:');
const TRAILER = MARK.length + 32;

type Data = string | Uint8Array | readonly Uint8Array[];

const piecesOf = (data: Data): readonly Uint8Array[] =>
  typeof data === 'string' ? [Buffer.from(data)] : data instanceof Uint8Array ? [data] : data;

/** The pieces of a sealed file: `data`, then the mark and the hash of `data`. */
export function sealed(data: Data): Uint8Array[] {
  const pieces = piecesOf(data);
  const hash = createHash('sha256');
  for (const piece of pieces) hash.update(piece);
  return [...pieces, MARK, hash.digest()];
}

/** The bytes a sealed file holds, or undefined when they are not what its hash says. */
export function unsealed(bytes: Buffer | undefined): Buffer | undefined {
  if (!bytes || bytes.length < TRAILER) return undefined;
  const end = bytes.length - TRAILER;
  if (!bytes.subarray(end, end + MARK.length).equals(MARK)) return undefined;
  const body = bytes.subarray(0, end);
  const digest = createHash('sha256').update(body).digest();
  return digest.equals(bytes.subarray(end + MARK.length)) ? body : undefined;
}

/** Writes a sealed file whole or not at all (whole-file.js). */
export function writeSealed(file: string, data: Data): void {
  writeWhole(file, sealed(data));
}

/** Reads a sealed file; throws when it is missing, unreadable or not whole (the caller's miss). */
export function readSealed(file: string, read?: Buffer): Buffer {
  const body = unsealed(read ?? readFileSync(file));
  if (!body) throw new Error(`${file} is not as it was kept`);
  return body;
}

/** The SHA-256 of some bytes, in hex: the name of a blob. */
export const sha256 = (data: string | Uint8Array): string => createHash('sha256').update(data).digest('hex');
