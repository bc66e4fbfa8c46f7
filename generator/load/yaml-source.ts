import type { Alias, Document, LineCounter } from 'yaml';
import { lazyPackage } from '../lazy-package.ts';
import { ContentError } from '../errors.ts';
import type { Position, YamlNode, YamlSource } from '../model/source.ts';
import { say } from '../messages/say.ts';
import { yamlTrouble } from './yaml-trouble.ts';

/** The `yaml` package: most front matter is plain `key: text` lines, read without it. */
const yaml = lazyPackage<typeof import('yaml')>('yaml');

export type { YamlSource };

/**
 * Parses a YAML text into its data and the position of every value (model/source.ts), so that
 * no later stage reads the file again. A text of only `key: text` lines (most front matter: a
 * title and a description) is read at once, positions and all, without building the `yaml`
 * package's Document, which costs most of a small page's load.
 */
export function parseYaml(file: string, text: string): YamlSource {
  return plainFields(file, text) ?? parseDocumentOf(file, text);
}

/** A `key: value` line whose value YAML reads as text: no quote, indicator or comment, nothing but a plain scalar. */
const PLAIN_FIELD = /^([A-Za-z_][\w-]*): +([^-?:,[\]{}#&*!|>'"%@`\s](?:[^#:]|:(?! )|(?<! )#)*)$/;

/** Plain scalars that YAML's core schema reads as null, a boolean or a number, not as text. */
const NOT_TEXT =
  /^(?:~|null|Null|NULL|true|True|TRUE|false|False|FALSE|[-+]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][-+]?[0-9]+)?|0o[0-7]+|0x[0-9a-fA-F]+|[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/;

/**
 * A YAML text made of `key: text` lines only, as the `yaml` package would read it: its fields,
 * and where each key and value stands; undefined for anything else (a list, a quote, a number,
 * a comment, a repeated key, a tab), which the full parser reads.
 */
function plainFields(file: string, text: string): YamlSource | undefined {
  if (/[\r\t]/.test(text)) return undefined;
  const fields: Record<string, string> = {};
  const nodes: YamlNode[] = [];
  const lines = text.split('\n');
  for (const [index, line] of lines.entries()) {
    if (line === '') continue;
    const match = PLAIN_FIELD.exec(line);
    if (!match) return undefined;
    const [, key = '', raw = ''] = match;
    const value = raw.trimEnd();
    const repeated = Object.hasOwn(fields, key) || key === '__proto__';
    if (repeated || NOT_TEXT.test(key) || NOT_TEXT.test(value) || value.endsWith(':')) return undefined;
    fields[key] = value;
    const keyAt = { line: index + 1, column: 1 };
    // The root mapping starts at its first key.
    if (nodes.length === 0) nodes.push({ path: [], kind: 'map', at: keyAt });
    const at = { line: index + 1, column: line.length - raw.length + 1 };
    nodes.push({ path: [key], kind: 'scalar', at, key: keyAt, keyText: key, text: value });
  }
  // An empty text is no mapping at all (null), as YAML reads it.
  return Object.keys(fields).length > 0 ? { file, data: fields, nodes } : undefined;
}

function parseDocumentOf(file: string, text: string): YamlSource {
  const lineCounter = new (yaml().LineCounter)();
  const document = yaml().parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const [first] = document.errors;
  if (first) {
    const { trouble, offset } = yamlTrouble(text, first);
    const start = lineCounter.linePos(offset);
    throw new ContentError({
      code: 'yaml-syntax',
      file,
      line: start.line,
      column: start.col,
      ...say('yaml-syntax', { trouble }),
    });
  }
  return { file, data: toData(file, document, lineCounter), nodes: nodesOf(document, lineCounter) };
}

/** Aliases that lead nowhere (`*Important*`, an attempt at bold) or that multiply without end are errors at their line. */
function toData(file: string, document: Document, lineCounter: LineCounter): unknown {
  try {
    return document.toJS({ maxAliasCount: 100 });
  } catch (error) {
    if (!(error instanceof ReferenceError)) throw error;
    let first: Alias | undefined;
    let broken: Alias | undefined;
    const { visit } = yaml();
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
      ...(unresolved ? say('yaml-alias/unresolved', { name }) : say('yaml-alias/bomb')),
    });
  }
}

/** Every value of the document in document order, with its path and position (see YamlNode). */
function nodesOf(document: Document, lineCounter: LineCounter): YamlNode[] {
  const { isMap, isNode, isScalar, isSeq } = yaml();
  const nodes: YamlNode[] = [];
  const at = (offset: number | undefined): Position => {
    const { line, col } = lineCounter.linePos(offset ?? 0);
    return { line, column: col };
  };
  const add = (node: unknown, path: Array<string | number>, key?: { at: Position; text?: string }): void => {
    const fromKey = key ? { key: key.at, ...(key.text === undefined ? {} : { keyText: key.text }) } : {};
    if (!isNode(node)) {
      if (key) nodes.push({ path, kind: 'empty', at: key.at, ...fromKey });
      return;
    }
    const kind = isMap(node) ? 'map' : isSeq(node) ? 'seq' : 'scalar';
    const text = isScalar(node) && typeof node.value === 'string' ? { text: node.value } : {};
    nodes.push({ path, kind, at: at(node.range?.[0]), ...fromKey, ...text });
    if (isMap(node)) {
      for (const pair of node.items) {
        const name = isScalar(pair.key) ? String(pair.key.value) : undefined;
        const keyAt = isNode(pair.key) ? { at: at(pair.key.range?.[0]), text: name } : undefined;
        add(pair.value, [...path, name ?? ''], keyAt);
      }
    } else if (isSeq(node)) {
      for (const [index, item] of node.items.entries()) add(item, [...path, index]);
    }
  };
  add(document.contents, []);
  return nodes;
}
