type Files = ReadonlyMap<string, string | Uint8Array>;

export interface OutputDiff {
  /** Files whose contents differ, were added or were removed, sorted. */
  changed: string[];
  modified: string[];
  added: string[];
  removed: string[];
}

function same(a: string | Uint8Array, b: string | Uint8Array): boolean {
  if (a === b) return true;
  if (typeof a === 'string' || typeof b === 'string') return typeof a === typeof b && a === b;
  return (
    a.byteLength === b.byteLength &&
    Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(Buffer.from(b.buffer, b.byteOffset, b.byteLength))
  );
}

/** Which output files a rebuild changed. */
export function diffOutputs(before: Files, after: Files): OutputDiff {
  const diff: OutputDiff = { changed: [], modified: [], added: [], removed: [] };
  // forEach, not for…of: no [file, data] pair made for each of 10,000 files on every save.
  after.forEach((data, file) => {
    const old = before.get(file);
    if (old === undefined) diff.added.push(file);
    else if (!same(old, data)) diff.modified.push(file);
  });
  // Every file of `after` is in `before`, and as many: none was removed (the usual save, 10,000 lookups fewer).
  if (diff.added.length > 0 || before.size !== after.size)
    before.forEach((_, file) => {
      if (!after.has(file)) diff.removed.push(file);
    });
  diff.changed = [...diff.modified, ...diff.added, ...diff.removed].sort();
  return diff;
}

/**
 * When a rebuild changed nothing but stylesheets, the stylesheet URLs to swap in open pages
 * ([old, new], as URL paths); undefined when anything else changed and pages must reload.
 * Exact: every changed page must be the old page with only the stylesheet URLs replaced.
 */
export function stylesheetSwap(
  before: { files: Files; styles: readonly string[] },
  after: { files: Files; styles: readonly string[] },
  diff: OutputDiff,
  base: string,
): Array<[string, string]> | undefined {
  if (before.styles.length !== after.styles.length) return undefined;
  const pairs = before.styles
    .map((old, index): [string, string] => [`${base}${old}`, `${base}${after.styles[index] ?? ''}`])
    .filter(([old, next]) => old !== next);
  if (pairs.length === 0) return undefined;
  for (const file of [...diff.added, ...diff.removed]) {
    if (/\.(html|m?js)$/i.test(file) || file === '_redirects') return undefined;
  }
  for (const file of diff.modified) {
    const old = before.files.get(file);
    const next = after.files.get(file);
    if (!file.endsWith('.html') || typeof old !== 'string' || typeof next !== 'string') return undefined;
    let swapped = old;
    for (const [from, to] of pairs) swapped = swapped.replaceAll(`"${from}"`, `"${to}"`);
    if (swapped !== next) return undefined;
  }
  return pairs;
}
