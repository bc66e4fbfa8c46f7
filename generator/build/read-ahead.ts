/**
 * A cache file read on the file system's threads from the moment a build knows it will want it
 * (while the site's code is bundled and loaded), so that its own thread only decodes it. The
 * bytes are taken once: a file of tens of megabytes is not held for the rest of the build.
 */
import { readFile } from 'node:fs/promises';

export class ReadAhead {
  #reading: Promise<Buffer | undefined> | undefined;
  #bytes: Buffer | undefined;

  constructor(file: string) {
    this.#reading = readFile(file).catch(() => undefined);
  }

  /** Resolves once the read is done (a file that could not be read has no bytes). */
  async arrived(): Promise<void> {
    const reading = this.#reading;
    this.#reading = undefined;
    if (reading) this.#bytes = await reading;
  }

  /** The bytes, once; undefined before they arrived, after they were taken, or when not read (the caller reads the file itself). */
  take(): Buffer | undefined {
    const bytes = this.#bytes;
    this.#bytes = undefined;
    return bytes;
  }
}
