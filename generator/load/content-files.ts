/**
 * What is in content/, and which of it may be read. A symbolic link is followed only when it
 * stays inside content/ (a link to ~/.ssh or /etc would publish whatever it points at), files
 * too large for a website are refused before they are read, and a page file whose name is not
 * an address (spaces, capital letters) is an error that suggests the name it should have. A
 * README.md in any folder is a note for whoever edits that folder, never content: it is not a
 * page, not published and not an unused file.
 */
import { closeSync, fstatSync, openSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { ContentError } from '../errors.ts';
import { isInside } from '../path-inside.ts';
import { slugOf } from '../slug.ts';
import type { Looked } from './content-walk.ts';
import { eachThere } from './look-table.ts';
import { say } from '../messages/say.ts';

/** The name of a folder's note to its editors (content/README.md, content/files/README.md). */
const README = 'README.md';

/** Images, documents and the like: refused above this, before they are read (a build stays in bounded memory). */
export const MAX_ASSET_BYTES = 25 * 1024 * 1024;

export interface ContentListing {
  /** Readable files, relative to content/, forward slashes, sorted. */
  files: string[];
  /** Files that were found but refused (and reported): not to be reported again as missing. */
  refused: Set<string>;
  /** Whether a file is a link (followed): a save of the file it leads to is told by that file's name, not the link's. */
  linked: boolean;
}

/** Every file below `contentDir`, relative to it; problems with links and names go to `errors`. */
export async function listContentFiles(
  contentDir: string,
  report: (inContent: string) => string,
  errors: ContentError[],
): Promise<ContentListing> {
  const entries = await readdir(contentDir, { recursive: true, withFileTypes: true }).catch(() => []);
  const listing = new Listing(contentDir, report, errors);
  // Each folder relative to content/ once, not each of its files (10,000 pages in dev, on every save).
  const folders = new Map<string, string | undefined>();
  const folderOf = (parent: string): string | undefined => {
    if (folders.has(parent)) return folders.get(parent);
    const inContent = path.relative(contentDir, parent).split(path.sep).join('/');
    const folder =
      inContent === '' ? '' : inContent.split('/').some((part) => part.startsWith('.')) ? undefined : `${inContent}/`;
    folders.set(parent, folder);
    return folder;
  };
  for (const entry of entries) {
    if (entry.name.startsWith('.') || entry.name === README) continue;
    const folder = folderOf(entry.parentPath);
    if (folder === undefined) continue;
    const absolute = () => path.join(entry.parentPath, entry.name);
    listing.add(`${folder}${entry.name}`, absolute, entry.isSymbolicLink(), entry.isFile());
  }
  return listing.done();
}

/**
 * The same listing from a look at the folder taken already (load/content-walk.ts: every path
 * below it, with its stats), without listing it again: a build with a cache looks at it on a
 * thread before its load, and its stamps are the same look's.
 */
export function listLookedFiles(
  contentDir: string,
  looked: ReadonlyMap<string, Looked | undefined>,
  report: (inContent: string) => string,
  errors: ContentError[],
): ContentListing {
  const listing = new Listing(contentDir, report, errors);
  const inside = `${contentDir}${path.sep}`;
  eachThere(looked, (absolute, isLink, isFile) => {
    if (!absolute.startsWith(inside)) return;
    const below = absolute.slice(inside.length);
    const inContent = path.sep === '/' ? below : below.split(path.sep).join('/');
    // A hidden file or folder (a name that starts with a dot, at any depth), and editors' notes.
    if (inContent.startsWith('.') || inContent.includes('/.')) return;
    if (inContent === README || inContent.endsWith(`/${README}`)) return;
    listing.add(inContent, () => absolute, isLink, isFile);
  });
  return listing.done();
}

/** A listing being made: files, the links followed, and those refused (each told in `errors`). */
class Listing {
  readonly #files: string[] = [];
  readonly #refused = new Map<string, ContentError>();
  #linked = false;
  readonly #realRoot: string;

  constructor(
    contentDir: string,
    private readonly report: (inContent: string) => string,
    private readonly errors: ContentError[],
  ) {
    this.#realRoot = safeRealpath(contentDir) ?? contentDir;
  }

  /** A file or folder found at `inContent` (a link is followed only to a file inside the folder). */
  add(inContent: string, absolute: () => string, isLink: boolean, isFile: boolean): void {
    if (!isLink) {
      if (isFile) this.#files.push(inContent);
      return;
    }
    const target = safeRealpath(absolute());
    const inside = target !== undefined && isInside(this.#realRoot, target);
    const targetIsFile = target !== undefined && statSync(target, { throwIfNoEntry: false })?.isFile() === true;
    if (inside && targetIsFile) {
      this.#files.push(inContent);
      this.#linked = true;
      return;
    }
    const folder = `${this.report('')}/`;
    this.#refused.set(
      inContent,
      new ContentError({
        code: 'refused-link',
        file: this.report(inContent),
        ...say('refused-link', { to: target === undefined ? 'nothing' : inside ? 'folder' : 'outside', folder }),
      }),
    );
  }

  /** The listing; the links refused are told in the order of their paths, however the folder was listed. */
  done(): ContentListing {
    const refused = [...this.#refused.keys()].sort();
    for (const inContent of refused) this.errors.push(this.#refused.get(inContent) as ContentError);
    return { files: this.#files.sort(), refused: new Set(refused), linked: this.#linked };
  }
}

function safeRealpath(file: string): string | undefined {
  try {
    return realpathSync(file);
  } catch {
    return undefined;
  }
}

/**
 * The bytes of a file, or undefined when it is gone (a listed file deleted in between, an
 * editor saving by rename). A file over `limit` bytes is an error and is not read.
 * Reads are synchronous: for many small files that is several times faster than the pool.
 */
export function readBytes(absolute: string, file: string, limit: number): Uint8Array | undefined {
  let descriptor: number | undefined;
  try {
    // One open: the size is read from it, then the bytes (a stat by name first would look the path up twice).
    descriptor = openSync(absolute, 'r');
    const size = fstatSync(descriptor).size;
    if (size > limit) {
      throw new ContentError({
        code: 'file-too-large',
        file,
        ...say('file-too-large', { size: (size / 1024 / 1024).toFixed(1), limit: (limit / 1024 / 1024).toFixed(0) }),
      });
    }
    return readFileSync(descriptor);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return undefined;
    if (error instanceof ContentError || code === undefined) throw error;
    // Not readable by the user running the build (permissions, a locked file): the file's problem, not clubsite's.
    throw new ContentError({
      code: 'unreadable-file',
      file,
      ...say('unreadable-file', { code: String(code) }),
    });
  } finally {
    if (descriptor !== undefined) closeSync(descriptor);
  }
}

const PAGE_NAME = /^[a-z0-9][a-z0-9_-]*$/;
/** Folders and a stem each a PAGE_NAME, with a lower-case extension or none: a name suggestPageName keeps. */
const WELL_NAMED = /^(?:[a-z0-9][a-z0-9_-]*\/)*[a-z0-9][a-z0-9_-]*(?:\.[a-z0-9]*)?$/;

/**
 * A page's path under the pages folder is its address, so each part must be lower case
 * letters, digits, - or _. Returns the name it should have when it does not.
 */
export function suggestPageName(pathInPages: string): string | undefined {
  // Most names are good: told in one test (no arrays made for 10,000 pages on each dev save).
  if (WELL_NAMED.test(pathInPages)) return undefined;
  const parts = pathInPages.split('/');
  const last = parts.pop() ?? '';
  const dot = last.lastIndexOf('.');
  const [stem, extension] = dot > 0 ? [last.slice(0, dot), last.slice(dot)] : [last, ''];
  const names = [...parts, stem];
  if (names.every((name) => PAGE_NAME.test(name)) && extension === extension.toLowerCase()) return undefined;
  // Underscores may stay: each part between them is slugged.
  const named = names.map(
    (name) =>
      name
        .split('_')
        .map(slugOf)
        .join('_')
        .replace(/^_+|_+$/g, '') || 'page',
  );
  return `${named.join('/')}${extension.toLowerCase()}`;
}
