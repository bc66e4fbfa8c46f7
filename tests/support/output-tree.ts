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

/** Every entry under a folder that is not a file (a folder, ending in /; anything else, ending in @). */
async function othersOf(dir: string): Promise<Set<string>> {
  const others = new Set<string>();
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) continue;
    others.add(`${path.relative(dir, path.join(entry.parentPath, entry.name))}${entry.isDirectory() ? '/' : '@'}`);
  }
  return others;
}

/**
 * The files two output folders do not have alike (either lacks it, or the bytes differ), the
 * build marker aside, and the folders (an empty one left over too) and other entries only one has.
 */
export async function differences(a: string, b: string): Promise<string[]> {
  const [left, right, leftOthers, rightOthers] = await Promise.all([treeOf(a), treeOf(b), othersOf(a), othersOf(b)]);
  const names = [...new Set([...left.keys(), ...right.keys()])].sort();
  const files = names.filter(
    (name) =>
      name !== '.clubsite-build' && !(left.get(name)?.equals(right.get(name) ?? Buffer.alloc(0)) && right.has(name)),
  );
  const others = [...new Set([...leftOthers, ...rightOthers])].filter(
    (name) => !(leftOthers.has(name) && rightOthers.has(name)),
  );
  return [...files, ...others.sort()];
}
