import { isMap, isNode, isSeq, LineCounter, parseDocument, visit, type Alias, type Document, type Node } from 'yaml';
import { ContentError } from '../errors.ts';

/** A parsed YAML text that can still tell where each value stands in its file. */
export interface YamlSource {
  /** Relative to the project root. */
  file: string;
  data: unknown;
  document: Document;
  lineCounter: LineCounter;
}

/**
 * Parses a YAML text. A text of only `key: text` lines (most front matter: a title and a
 * description) is read at once, and its Document, which only a problem's position needs, is
 * made when first asked for: the Document costs most of a small page's load.
 */
export function parseYaml(file: string, text: string): YamlSource {
  const fields = plainFields(text);
  if (!fields) return parseDocumentOf(file, text);
  let parsed: YamlSource | undefined;
  const full = () => {
    parsed ??= parseDocumentOf(file, text);
    return parsed;
  };
  return {
    file,
    data: fields,
    get document() {
      return full().document;
    },
    get lineCounter() {
      return full().lineCounter;
    },
  };
}

/** The same source with other data (a part of its fields): positions still come from the source, when asked for. */
export function withData(source: YamlSource, data: unknown): YamlSource {
  return {
    file: source.file,
    data,
    get document() {
      return source.document;
    },
    get lineCounter() {
      return source.lineCounter;
    },
  };
}

/** A `key: value` line whose value YAML reads as text: no quote, indicator or comment, nothing but a plain scalar. */
const PLAIN_FIELD = /^([A-Za-z_][\w-]*): +([^-?:,[\]{}#&*!|>'"%@`\s](?:[^#:]|:(?! )|(?<! )#)*)$/;

/** Plain scalars that YAML's core schema reads as null, a boolean or a number, not as text. */
const NOT_TEXT =
  /^(?:~|null|Null|NULL|true|True|TRUE|false|False|FALSE|[-+]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][-+]?[0-9]+)?|0o[0-7]+|0x[0-9a-fA-F]+|[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/;

/**
 * The fields of a YAML text made of `key: text` lines only, as the `yaml` package would read
 * them; undefined for anything else (a list, a quote, a number, a comment, a repeated key, a
 * tab), which the full parser reads.
 */
function plainFields(text: string): Record<string, string> | undefined {
  if (/[\r\t]/.test(text)) return undefined;
  const fields: Record<string, string> = {};
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const match = PLAIN_FIELD.exec(line);
    if (!match) return undefined;
    const [, key = '', raw = ''] = match;
    const value = raw.trimEnd();
    const repeated = Object.hasOwn(fields, key) || key === '__proto__';
    if (repeated || NOT_TEXT.test(key) || NOT_TEXT.test(value) || value.endsWith(':')) return undefined;
    fields[key] = value;
  }
  // An empty text is no mapping at all (null), as YAML reads it.
  return Object.keys(fields).length > 0 ? fields : undefined;
}

function parseDocumentOf(file: string, text: string): YamlSource {
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const [first] = document.errors;
  if (first) {
    const start = lineCounter.linePos(first.pos[0]);
    throw new ContentError({
      code: 'yaml-syntax',
      file,
      line: start.line,
      column: start.col,
      message: `The YAML cannot be read: ${describeYamlError(first.code, first.message)}.`,
      hint: 'Check the indentation (spaces, not tabs), that every "key: value" has a space after the colon, and that text with a colon or # is in quotes.',
    });
  }
  return { file, data: toData(file, document, lineCounter), document, lineCounter };
}

/** Aliases that lead nowhere (`*Important*`, an attempt at bold) or that multiply without end are errors at their line. */
function toData(file: string, document: Document, lineCounter: LineCounter): unknown {
  try {
    return document.toJS({ maxAliasCount: 100 });
  } catch (error) {
    if (!(error instanceof ReferenceError)) throw error;
    let first: Alias | undefined;
    let broken: Alias | undefined;
    visit(document, {
      Alias(_, alias) {
        first ??= alias;
        if (alias.resolve(document) !== undefined) return undefined;
        broken = alias;
        return visit.BREAK;
      },
    });
    const at = broken ?? first;
    const name = at?.source ?? '';
    const offset = at?.range?.[0] ?? 0;
    const unresolved = /Unresolved alias/.test(error.message);
    const { line, col } = lineCounter.linePos(offset);
    throw new ContentError({
      code: 'yaml-alias',
      file,
      line,
      column: col,
      message: unresolved
        ? `The YAML cannot be read: "*${name}" is an alias (a * at the start of a value) to an anchor "&${name}" that does not exist.`
        : 'The YAML cannot be read: its aliases (*name) repeat other values so many times that the data would be enormous.',
      hint: unresolved
        ? `A value starting with * must be in quotes: write "*${name}" (Markdown bold is not used in YAML fields).`
        : 'Write the values out instead of repeating them with &anchors and *aliases.',
    });
  }
}

function describeYamlError(code: string, message: string): string {
  const firstLine = message.split('\n')[0] ?? code;
  return firstLine.replace(/ at line \d+, column \d+:?$/, '').replace(/\.$/, '');
}

export interface Position {
  line: number;
  column: number;
}

/**
 * Where a field path points in the file. A missing field points at its parent, the nearest
 * value that exists, so a volunteer lands on the block the field belongs in.
 */
export function locate(source: YamlSource, path: readonly PropertyKey[], at: 'value' | 'key' = 'value'): Position {
  let node: unknown = source.document.contents;
  let found: Node | undefined = isNode(node) ? node : undefined;
  let keyNode: Node | undefined;
  for (const key of path) {
    if (isMap(node)) {
      const pair = node.items.find(
        (item) => isNode(item.key) && 'value' in item.key && String(item.key.value) === String(key),
      );
      if (!pair) break;
      keyNode = isNode(pair.key) ? pair.key : undefined;
      node = pair.value;
    } else if (isSeq(node) && typeof key === 'number') {
      node = node.items[key];
      keyNode = undefined;
    } else {
      break;
    }
    if (!isNode(node)) {
      found = keyNode ?? found;
      break;
    }
    found = node;
  }
  if (at === 'key' && keyNode) found = keyNode;
  const offset = found?.range?.[0] ?? 0;
  const { line, col } = source.lineCounter.linePos(offset);
  return { line, column: col };
}

/** The first scalar in the file containing `value`, with its position (to trace a rendered value back to content). */
export function findScalar(source: YamlSource, value: string): Position | undefined {
  const index = findIn(source.document.contents, value);
  if (index === undefined) return undefined;
  const { line, col } = source.lineCounter.linePos(index);
  return { line, column: col };
}

function findIn(node: unknown, value: string): number | undefined {
  if (isMap(node) || isSeq(node)) {
    for (const item of node.items) {
      const child = isNode(item) ? item : (item as { value?: unknown }).value;
      const hit = findIn(child, value);
      if (hit !== undefined) return hit;
    }
    return undefined;
  }
  if (isNode(node) && 'value' in node && typeof node.value === 'string' && node.value.includes(value)) {
    return node.range?.[0];
  }
  return undefined;
}
