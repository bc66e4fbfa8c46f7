import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/** Every file under a folder, relative path → bytes. */
export async function treeOf(dir: string): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    files.set(path.relative(dir, file), await readFile(file));
  }
  return files;
}

/** The files two output folders do not have alike (either lacks it, or the bytes differ); the build marker aside. */
export async function differences(a: string, b: string): Promise<string[]> {
  const [left, right] = await Promise.all([treeOf(a), treeOf(b)]);
  const names = [...new Set([...left.keys(), ...right.keys()])].sort();
  return names.filter(
    (name) =>
      name !== '.clubsite-build' && !(left.get(name)?.equals(right.get(name) ?? Buffer.alloc(0)) && right.has(name)),
  );
}
