/**
 * What a page read of what pages share, noted as it renders: the data (`d`), the page list
 * (`p`), whether routes exist (`r`), content files (`a`) and photos (`f`), and the folders that
 * hold files (`c`). Data reaches templates as views that note each value read, at the depth the
 * template reached: a page that shows this year's calendar depends on that calendar's fields,
 * not on every news post. A later build with the same answers to every read renders the page
 * the same, so it reuses it (pipeline/incremental-renderer.ts).
 */

/** Between the parts of a path: no key holds it. */
export const SEP = '\u001f';

/** What an object read as itself stands for (its fields are read apart): only that it is one, and which kind. */
const OBJECT = '\u0000object';
const ARRAY = '\u0000array';

/** A path's last part for the keys of an object (Object.keys, a spread, JSON.stringify). */
export const KEYS = '#';
/** A path's last part before a key asked for with `in`. */
export const HAS = '?';

export type ReadValue = string | number | boolean | null | undefined;

export class Reads {
  readonly values = new Map<string, ReadValue>();
  readonly #views = new Map<string, object>();

  /** Without a page cache to use them, reads are not noted: the data goes to templates as it is. */
  constructor(readonly noting = true) {}

  /** `target` as a view that notes each read under `path`. */
  view<T extends object>(target: T, path: string): T {
    if (!this.noting) return target;
    const known = this.#views.get(path);
    if (known) return known as T;
    const reads = this;
    const view = new Proxy(target, {
      get(object, key, receiver) {
        const value = Reflect.get(object, key, receiver);
        if (typeof key === 'symbol') return value;
        // A method of arrays and objects (map, filter): it reads through the view.
        if (typeof value === 'function' && !Object.hasOwn(object, key)) return value;
        const at = `${path}${SEP}${key}`;
        if (value !== null && typeof value === 'object') {
          reads.values.set(at, Array.isArray(value) ? ARRAY : OBJECT);
          return reads.view(value, at);
        }
        reads.values.set(at, value as ReadValue);
        return value;
      },
      has(object, key) {
        const found = Reflect.has(object, key);
        if (typeof key === 'string') reads.values.set(`${path}${SEP}${HAS}${key}`, found);
        return found;
      },
      ownKeys(object) {
        const keys = Reflect.ownKeys(object);
        reads.values.set(`${path}${SEP}${KEYS}`, keys.filter((key) => typeof key === 'string').join(SEP));
        return keys;
      },
    });
    this.#views.set(path, view);
    return view;
  }

  /** Notes an answer read elsewhere (a route, a file): `kind` and `name` make its path. */
  note(kind: string, name: string, value: ReadValue): void {
    if (this.noting) this.values.set(`${kind}${SEP}${name}`, value);
  }
}

/** The value a read finds in `roots` now (`d` the data, `p` the page list), as a view would have noted it. */
export function readAgain(roots: Record<string, unknown>, path: string): ReadValue {
  const parts = path.split(SEP);
  let value: unknown = roots[parts[0] ?? ''];
  for (let at = 1; at < parts.length; at += 1) {
    const part = parts[at] ?? '';
    if (value === null || typeof value !== 'object') return undefined;
    const last = at === parts.length - 1;
    if (last && part === KEYS)
      return Reflect.ownKeys(value)
        .filter((key) => typeof key === 'string')
        .join(SEP);
    if (last && part.startsWith(HAS)) return part.slice(1) in value;
    const parent = value;
    value = (parent as Record<string, unknown>)[part];
    if (typeof value === 'function' && !Object.hasOwn(parent, part)) return undefined;
  }
  if (value !== null && typeof value === 'object') return Array.isArray(value) ? ARRAY : OBJECT;
  return value as ReadValue;
}
