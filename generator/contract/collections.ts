/** Collections: a YAML file or a folder of Markdown files, each checked against its schema (defineCollection). */
import type { output, ZodType } from 'zod';
import type { Clock } from './clock.ts';

/** A problem a site's own rule finds in valid data, at a field path. */
export interface FieldProblem {
  path: (string | number)[];
  message: string;
  hint: string;
}

/** What a field naming an image under content/ must be: its kind (from the file's header) and size in pixels. */
export interface ImageRequirement {
  file: string;
  path: (string | number)[];
  kinds: Array<'png' | 'jpeg'>;
  /** The size it must have; without it, any size (a collection of data about photos names each photo this way). */
  width?: number;
  height?: number;
}

/** A collection of one YAML file: its data is what the schema makes of the file. */
export interface FileCollectionDefinition<Schema extends ZodType = ZodType> {
  /** The YAML file, relative to the content folder. */
  file: string;
  /** What editors call it in the admin (the site's language). Default: its name. */
  label?: string;
  schema: Schema;
  /** Routes the data links to, with the field path of each, checked against the route table. */
  links?(data: output<Schema>): LinkReference[];
  /** Images the data names that must have a given kind and size (a share image), checked with their line. */
  images?(data: output<Schema>): ImageRequirement[];
}

/**
 * A collection of many Markdown files (posts, results): each file's front matter must match the
 * schema, and its body is the Markdown of the page a template makes for it. Its data is the
 * list of entries, in file-name order.
 */
export interface FolderCollectionDefinition<Schema extends ZodType = ZodType> {
  /** The files, as a glob under the content folder: `news/*.md` (`*` within a folder, `**` across folders). */
  files: string;
  /** What editors call it in the admin (the site's language). Default: its name. */
  label?: string;
  /**
   * The file name the admin gives a new entry, in Decap CMS's template tags: `{{slug}}` (the
   * title made an address, the default), `{{year}}`, `{{month}}`, `{{day}}` (its date).
   */
  newName?: string;
  schema: Schema;
  /** What a file's name (without `.md`) must look like, with an example for the hint: the name is often part of an address. */
  name?: { pattern: RegExp; example: string };
  /**
   * Whether an entry is published at the build's clock: a draft, or one dated later
   * (`scheduled`), is left out of the build (no page, list, feed or search entry) and kept,
   * marked with its status, only when the build shows drafts (`clubsite dev`).
   */
  status?(data: output<Schema>, now: Clock): EntryStatus;
  /**
   * What in a valid entry is probably not what its writer meant (a post whose date is not the
   * one in its file name): each is printed as a warning at its field, and the build goes on.
   */
  warnings?(entry: { name: string; data: output<Schema> }): FieldProblem[];
}

export type EntryStatus = 'published' | 'draft' | 'scheduled';

/** One file of a folder collection. */
export interface Entry<FrontMatter = Record<string, unknown>> {
  /** The file's name without `.md`: `2025-11-20-sign-up`. */
  name: string;
  /** The file, relative to the project root. */
  source: string;
  /** The validated front matter. */
  data: FrontMatter;
  status: EntryStatus;
}

export type CollectionDefinition<Schema extends ZodType = ZodType> =
  | FileCollectionDefinition<Schema>
  | FolderCollectionDefinition<Schema>;

export type CollectionTable = Record<string, CollectionDefinition>;

/** The validated data of a site's collections, typed from their schemas: a folder collection is a list of entries. */
export type DataOf<Collections extends CollectionTable> = {
  [Name in keyof Collections]: Collections[Name] extends FolderCollectionDefinition<infer Schema>
    ? Entry<output<Schema>>[]
    : output<Collections[Name]['schema']>;
};
export interface LinkReference {
  route: string;
  path: (string | number)[];
}

/** A collection: its file, its schema, and the routes its data links to (typed from the schema). */
export function defineCollection<Schema extends ZodType>(
  collection: FileCollectionDefinition<Schema>,
): FileCollectionDefinition<Schema>;
export function defineCollection<Schema extends ZodType>(
  collection: FolderCollectionDefinition<Schema>,
): FolderCollectionDefinition<Schema>;
export function defineCollection<Schema extends ZodType>(
  collection: CollectionDefinition<Schema>,
): CollectionDefinition<Schema> {
  return collection;
}
