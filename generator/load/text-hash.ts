/**
 * A page file's text as a hash: what a page's own key holds of its file (build/page-keys.ts),
 * and what a file kept from an earlier build is checked against when its text is read again
 * (build/source-cache.ts). Hashed once per parsed file, or known from the build that read it.
 */
import { hash } from 'node:crypto';
import type { PageText } from '../model/source.ts';

const hashes = new WeakMap<PageText, string>();

export function textHashOf(source: PageText): string {
  let hash = hashes.get(source);
  if (hash === undefined) {
    hash = textHash(source.text);
    hashes.set(source, hash);
  }
  return hash;
}

/** A file's hash as a build that read it made it: its text need not be read to know it. */
export function knowTextHash(source: PageText, hash: string): void {
  hashes.set(source, hash);
}

export const textHash = (text: string): string => hash('sha256', text, 'base64url').slice(0, 22);
