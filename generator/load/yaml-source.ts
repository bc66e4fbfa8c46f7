import { isMap, isNode, isSeq, LineCounter, parseDocument, type Document, type Node } from 'yaml';
import { ContentError } from '../errors.ts';

/** A parsed YAML text that can still tell where each value stands in its file. */
export interface YamlSource {
  /** Relative to the project root. */
  file: string;
  data: unknown;
  document: Document;
  lineCounter: LineCounter;
}

export function parseYaml(file: string, text: string): YamlSource {
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
  return { file, data: document.toJS({ maxAliasCount: 100 }), document, lineCounter };
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
