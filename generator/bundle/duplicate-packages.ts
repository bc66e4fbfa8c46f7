/**
 * Two copies of one package in the browser code: two inputs of esbuild's metafile that are the
 * same package in different folders (esbuild names every input by its real path). A page would
 * load both, and a package that keeps state breaks: an island's React hooks read the other
 * copy's dispatcher, and the page throws «Cannot read properties of null (reading 'useState')»
 * in the browser while the build said nothing. A project copied with its node_modules, a
 * widget's folder with a node_modules of its own, or two versions npm could not dedupe do it.
 */
import path from 'node:path';
import { ContentError } from '../errors.ts';
import { say } from '../messages/say.ts';

/** The package folder an input is in (its last node_modules), and the package's name. */
const PACKAGE = /^(.*[\\/]node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+))[\\/]/;

/** One problem for each package the inputs (relative to `root`, or absolute) hold two copies of. */
export function duplicatePackages(inputs: readonly string[], root: string): ContentError[] {
  const copies = new Map<string, Set<string>>();
  for (const input of inputs) {
    const found = PACKAGE.exec(path.resolve(root, input));
    if (!found?.[1] || !found[2]) continue;
    const name = found[2].split(path.sep).join('/');
    const folders = copies.get(name) ?? new Set<string>();
    folders.add(found[1]);
    copies.set(name, folders);
  }
  const shown = (folder: string) => path.relative(root, folder).split(path.sep).join('/');
  return [...copies]
    .filter(([, folders]) => folders.size > 1)
    .map(
      ([name, folders]) =>
        new ContentError({
          code: 'duplicate-package',
          file: 'package.json',
          ...say('duplicate-package', { count: folders.size, name, folders: [...folders].sort().map(shown) }),
        }),
    );
}
