/**
 * A page file's text as a hash: what a page's own key holds of its file (pipeline/page-keys.ts),
 * and what a file kept from an earlier build is checked against when its text is read again
 * (pipeline/source-cache.ts). Hashed once per parsed file, or known from the build that read it.
 */
import { hash } from 'node:crypto';
import type { PageText } from '../model/source.ts';

const hashes = new WeakMap<PageText, string>();

/**
 * What a file kept from an earlier build (pipeline/kept-source.ts) answers with the hash that build
 * made, through its class: no map entry for each of 10,000 kept pages on every build.
 */
export const KEPT_HASH: unique symbol = Symbol('kept text hash');

export function textHashOf(source: PageText): string {
  const kept = (source as { readonly [KEPT_HASH]?: string })[KEPT_HASH];
  if (kept !== undefined) return kept;
  let hash = hashes.get(source);
  if (hash === undefined) {
    hash = textHash(source.text);
    hashes.set(source, hash);
  }
  return hash;
}

export const textHash = (text: string): string => hash('sha256', text, 'base64url').slice(0, 22);
