/**
 * A cache file read on the file system's threads from the moment a build knows it will want it
 * (while the site's code is bundled and loaded), so that its own thread only decodes it. The
 * bytes are taken once: a file of tens of megabytes is not held for the rest of the build.
 *
 * The file is read with one request for all of it. `readFile` reads 512 KB a request, and each
 * next request waits for the build's thread to be free to make it: the 47 MB of the search
 * index's postings took 94 turns of a thread busy loading the site, and were not there when the
 * render began.
 */
import { open } from 'node:fs/promises';

export class ReadAhead {
  #reading: Promise<Buffer | undefined> | undefined;
  #bytes: Buffer | undefined;

  constructor(readonly file: string) {
    this.#reading = readWhole(file).catch(() => undefined);
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

/** The file's bytes, read in as few requests as the system allows (one, for a file whole on disk). */
async function readWhole(file: string): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    // A buffer of its own (not a slice of Node's pool), starting at offset 0: a view of 32-bit numbers fits it.
    const bytes = Buffer.allocUnsafeSlow(size);
    let at = 0;
    while (at < size) {
      const { bytesRead } = await handle.read(bytes, at, size - at, at);
      if (bytesRead === 0) break;
      at += bytesRead;
    }
    // A file cut short while read is as cut short: whoever decodes it tells it is not whole.
    return at === size ? bytes : bytes.subarray(0, at);
  } finally {
    await handle.close();
  }
}
