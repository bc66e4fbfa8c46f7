/**
 * The photos' disk cache: results of sharp under a key made of the source's content hash and
 * the options, outside the output folder (node_modules/.cache/clubsite/images unless the
 * build or CLUBSITE_IMAGE_CACHE names another folder; CI keeps it between runs). A file is
 * written under a temporary name and renamed into place, so two builds at once or a build
 * stopped half-way never leave a half-written entry behind. Each entry is sealed with the
 * SHA-256 of its bytes (sealed-file.ts), as every file the page cache keeps: one whose
 * bytes are not what its seal says (a flipped bit, an edit, another's file) is made again.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sealed, unsealed } from '../sealed-file.ts';
import { noteCacheFault } from '../noted-cache-fault.ts';

/** Where photos are cached for a project: the option, else CLUBSITE_IMAGE_CACHE (relative to the project), else node_modules/.cache. */
export function photoCacheDir(root: string, option?: string): string {
  const chosen = option ?? process.env.CLUBSITE_IMAGE_CACHE;
  return chosen ? path.resolve(root, chosen) : path.join(root, 'node_modules/.cache/clubsite/images');
}

/** Where a build finds processed photos, and whether it keeps those it processes (`next-change` only reads). */
export interface PhotoCacheOptions {
  dir: string;
  keep: boolean;
}

export class PhotoCache {
  private made = false;

  constructor(private readonly options: PhotoCacheOptions) {}

  /** The cached bytes under `key`, or what `make` returns (then cached, when the cache keeps what is made). */
  async bytes(key: string, make: () => Promise<Uint8Array>): Promise<Uint8Array> {
    const file = path.join(this.options.dir, key);
    const cached = unsealed(readCached(file));
    if (cached) return new Uint8Array(cached);
    const bytes = await make();
    if (this.options.keep) await this.write(file, bytes);
    return bytes;
  }

  /** The cached JSON value under `key`, or what `make` returns (then cached). */
  async json<T>(key: string, make: () => Promise<T>): Promise<T> {
    const bytes = await this.bytes(`${key}.json`, async () => new TextEncoder().encode(JSON.stringify(await make())));
    return JSON.parse(new TextDecoder().decode(bytes)) as T;
  }

  private async write(file: string, bytes: Uint8Array): Promise<void> {
    const temporary = `${file}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
    try {
      if (!this.made) {
        await mkdir(this.options.dir, { recursive: true });
        this.made = true;
      }
      await writeFile(temporary, sealed(bytes));
      await rename(temporary, file);
    } catch (error) {
      // A cache that cannot be written (a read-only node_modules) only costs time on the next build (told: cache-fault.ts).
      noteCacheFault(error);
      await rm(temporary, { force: true });
    }
  }
}

/**
 * A cached file's bytes, or undefined. Read on this thread, not the file system's: those are busy
 * reading the page cache ahead as the photos are looked up, and each of a photo's dozen small
 * files waited its turn behind those reads, one after another: 40–55 ms of every build with the
 * club's two photos (25 files), against 4–8 ms for the whole images stage now.
 */
function readCached(file: string): Buffer | undefined {
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}
