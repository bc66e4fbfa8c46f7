/**
 * Where a value stands in its file, from the positions the load stage carried forward
 * (model/source.ts): no later stage parses a file again to tell a problem's line.
 */
import type { Position, YamlNode, YamlSource } from './model/source.ts';

const START: Position = { line: 1, column: 1 };

/** Each source's nodes by path, made the first time a position is asked for. */
const indexes = new WeakMap<YamlSource, Map<string, YamlNode>>();

const SEPARATOR = '\u0000';

function nodeAt(source: YamlSource, path: string): YamlNode | undefined {
  let index = indexes.get(source);
  if (!index) {
    index = new Map(source.nodes.map((node) => [node.path.map(String).join(SEPARATOR), node]));
    indexes.set(source, index);
  }
  return index.get(path);
}

/**
 * Where a field path points in the file: its value, or with `at: 'key'` its key. A missing
 * field points at its parent, the nearest value that exists, so a volunteer lands on the
 * block the field belongs in.
 */
export function positionOf(source: YamlSource, path: readonly PropertyKey[], at: 'value' | 'key' = 'value'): Position {
  let found = source.nodes[0];
  if (!found) return START;
  let key: Position | undefined;
  const walked: string[] = [];
  for (const step of path) {
    const inList = found.kind === 'seq';
    if (found.kind !== 'map' && !(inList && typeof step === 'number')) break;
    walked.push(String(step));
    const child = nodeAt(source, walked.join(SEPARATOR));
    if (!child) break;
    key = inList ? undefined : child.key;
    found = child;
    if (child.kind === 'empty') break;
  }
  return at === 'key' && key ? key : found.at;
}

/** The first text value in the file that contains `value`, with its position (to trace a rendered value back to content). */
export function findText(source: YamlSource, value: string): Position | undefined {
  return source.nodes.find((node) => node.text?.includes(value))?.at;
}
