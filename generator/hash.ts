import { createHash } from 'node:crypto';

/** A short, URL-safe content hash for file names: same bytes, same name. */
export function contentHash(data: string | Uint8Array, length = 10): string {
  return createHash('sha256').update(data).digest('base64url').replace(/[-_]/g, 'x').slice(0, length);
}
