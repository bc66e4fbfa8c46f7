/**
 * Content as the load stage read it: every file with its text, and every YAML value with the
 * place it stands in its file, so that a later stage tells a problem's line without going
 * back to the raw files.
 */

/** A place in a file: 1-based line and column. */
export interface Position {
  line: number;
  column: number;
}

/**
 * One value of a YAML document, in document order (a map's key before its value, a parent
 * before its children).
 */
export interface YamlNode {
  /** From the document's root: the keys of maps (as text) and the indexes of lists. */
  path: Array<string | number>;
  /** What the value is; `empty` is a key with no value (`key:`). */
  kind: 'map' | 'seq' | 'scalar' | 'empty';
  /** Where the value starts (an empty value: where its key does). */
  at: Position;
  /** Where its key stands, for a value in a map. */
  key?: Position;
  /** The key as written, for a value in a map whose key is plain text. */
  keyText?: string;
  /** The value as text, for a text value. */
  text?: string;
}

/** A parsed YAML text: its data, and where each of its values stands. */
export interface YamlSource {
  /** Relative to the project root. */
  file: string;
  data: unknown;
  /** Every value of the document in document order; none for an empty document. */
  nodes: YamlNode[];
}

/** What the render reads of a page's file: its text and Markdown body (a YAML page has none). */
export interface PageText {
  /** Relative to the project root. */
  file: string;
  text: string;
  body: string;
  /** Lines before the body: body line n is file line n + bodyLineOffset. */
  bodyLineOffset: number;
}

/** A page file: its front matter (with positions) and, for Markdown, its body. */
export interface PageSource extends PageText {
  route: string;
  frontMatter: YamlSource;
}

/** Everything under the content folder that the site declares. */
export interface LoadedContent {
  /** The content folder as problems name it: relative to the project root (`content`). */
  folder: string;
  collections: Map<string, YamlSource>;
  /** The files of each folder collection (`files:` a glob), parsed like Markdown pages. */
  entries: Map<string, PageSource[]>;
  pages: PageSource[];
  /** Files under the content folder other than data and pages (images and the like), by path relative to it. */
  assets: Map<string, Uint8Array>;
}

/** The text of a page that has no file of its own (a list a template makes, the 404 page). */
export const noText = (file: string): PageText => ({ file, text: '', body: '', bodyLineOffset: 0 });

/** The front matter of a page that has no file of its own: nothing, every position its first line. */
export const noFrontMatter = (file: string): YamlSource => ({ file, data: null, nodes: [] });
