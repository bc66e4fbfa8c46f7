/**
 * What a message is made of, as plain data: a message is worded in the site's language only
 * when it is printed (en.ts, nb.ts), so these values cross threads and sit in the page cache.
 */

/** What is wrong, and how to fix it. */
export type Text = readonly [message: string, hint: string];

/** A value found where another was expected, as a message names it («found a list of 3»). */
export type Found =
  | { kind: 'nothing' | 'empty' | 'block' }
  | { kind: 'text' | 'number' | 'boolean' | 'date'; text: string }
  | { kind: 'list'; count: number };

export function foundOf(value: unknown): Found {
  if (value === undefined) return { kind: 'nothing' };
  if (value === null) return { kind: 'empty' };
  if (typeof value === 'string') return { kind: 'text', text: value.length > 60 ? `${value.slice(0, 57)}...` : value };
  if (typeof value === 'number') return { kind: 'number', text: String(value) };
  if (typeof value === 'boolean') return { kind: 'boolean', text: String(value) };
  if (value instanceof Date) return { kind: 'date', text: value.toISOString().slice(0, 10) };
  if (Array.isArray(value)) return { kind: 'list', count: value.length };
  return { kind: 'block' };
}

/** A YAML text that cannot be read, in the words a volunteer knows (load/yaml-trouble.ts). */
export type YamlTrouble =
  | { kind: 'unclosed'; opener: '[' | '{'; closer: ']' | '}' }
  | { kind: 'quote'; quote: '"' | "'" }
  | { kind: 'tab' | 'colon' | 'indent' }
  | { kind: 'twice'; key: string }
  | { kind: 'stray'; char: string }
  | { kind: 'other'; detail: string };
