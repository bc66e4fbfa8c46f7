import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Writes the site into a fresh folder beside `outDir`, then swaps it into place, so `outDir`
 * is never half-written: a reader sees the old site or the new one.
 */
export async function writeOutput(outDir: string, files: ReadonlyMap<string, string | Uint8Array>): Promise<void> {
  const parent = path.dirname(path.resolve(outDir));
  const name = path.basename(outDir);
  const stamp = `${process.pid}-${Date.now()}`;
  const fresh = path.join(parent, `.${name}.new-${stamp}`);
  const old = path.join(parent, `.${name}.old-${stamp}`);
  await mkdir(fresh, { recursive: true });
  try {
    const folders = new Set([...files.keys()].map((file) => path.dirname(path.join(fresh, file))));
    await Promise.all([...folders].map((folder) => mkdir(folder, { recursive: true })));
    await Promise.all([...files].map(([file, data]) => writeFile(path.join(fresh, file), data)));
    const hadOld = await rename(outDir, old).then(
      () => true,
      (error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return false;
        throw error;
      },
    );
    await rename(fresh, outDir);
    if (hadOld) await rm(old, { recursive: true, force: true });
  } catch (error) {
    await rm(fresh, { recursive: true, force: true });
    throw error;
  }
}
