import type { core } from 'zod';
import { dayFirstAsIso } from './date-hint.ts';

/** `['doors', 3, 'date']` → `doors[3].date` */
export function fieldPath(path: readonly PropertyKey[]): string {
  return path
    .map((key, index) => (typeof key === 'number' ? `[${key}]` : `${index === 0 ? '' : '.'}${String(key)}`))
    .join('');
}

/** How a found value reads in a message: short, typed, never a wall of JSON. */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'an empty value';
  if (typeof value === 'string') return value.length > 60 ? `"${value.slice(0, 57)}..."` : `"${value}"`;
  if (typeof value === 'number' || typeof value === 'boolean') return `${typeof value} ${String(value)}`;
  if (value instanceof Date) return `the date ${value.toISOString().slice(0, 10)}`;
  if (Array.isArray(value)) return `a list of ${value.length}`;
  return 'a block of fields';
}

const TYPE_NAMES: Record<string, string> = {
  string: 'text',
  number: 'a number',
  boolean: 'true or false',
  array: 'a list (lines starting with "- ")',
  object: 'a block of fields',
  date: 'a date',
};

const DEFAULT_MESSAGE = /^(Invalid|Too (small|big)|Unrecognized)/;

/** A Zod issue as a volunteer needs it: what was expected, what was found, and how to fix it. */
export function describeIssue(issue: core.$ZodIssue, input: unknown): { message: string; hint: string } {
  const found = describeValue(input);
  const custom = !DEFAULT_MESSAGE.test(issue.message);
  const last = issue.path.at(-1);
  switch (issue.code) {
    case 'invalid_type': {
      const expected = TYPE_NAMES[issue.expected] ?? issue.expected;
      if (input === undefined) {
        return {
          message: `The field is missing: expected ${expected}.`,
          hint: `Add "${String(last)}:" with a value here.`,
        };
      }
      return {
        message: `Expected ${expected}, found ${found}.`,
        hint: 'Check the value and its indentation; put text that starts with a digit or contains a colon in quotes.',
      };
    }
    case 'invalid_value':
      return {
        message: `Expected one of ${issue.values.map((value) => JSON.stringify(value)).join(', ')}, found ${found}.`,
        hint: 'Use one of the listed values, spelled exactly the same.',
      };
    case 'invalid_format':
      return {
        message: `Expected ${custom ? issue.message : formatName(issue.format)}, found ${found}.`,
        hint: formatHint(issue.format, input),
      };
    case 'unrecognized_keys':
      return {
        message: `Unknown field${issue.keys.length === 1 ? '' : 's'} ${issue.keys.map((key) => `"${key}"`).join(', ')}.`,
        hint: 'Check the spelling of the field name, or remove it: only known fields are used.',
      };
    case 'too_small':
    case 'too_big': {
      const bound = issue.code === 'too_small' ? issue.minimum : issue.maximum;
      const word = issue.code === 'too_small' ? 'at least' : 'at most';
      const exact = 'exact' in issue && issue.exact ? 'exactly' : word;
      const unit = issue.origin === 'array' ? ' entries' : issue.origin === 'string' ? ' characters' : '';
      return {
        message: custom
          ? `Expected ${issue.message}, found ${found}.`
          : `Expected ${exact} ${String(bound)}${unit}, found ${found}.`,
        hint: issue.origin === 'array' ? 'Add or remove entries in the list.' : 'Change the value to fit.',
      };
    }
    default: {
      // A site's own rule (a refine) may say how to fix what it found (`params: { hint }`). A
      // rule over a block of fields says in its message what is missing: «found a block of
      // fields» would tell the volunteer nothing.
      const hint = issue.code === 'custom' && typeof issue.params?.hint === 'string' ? issue.params.hint : undefined;
      const block = typeof input === 'object' && input !== null && !Array.isArray(input);
      return {
        message: custom
          ? `${issue.message}${block ? '.' : ` (found ${found}).`}`
          : `The value does not fit${block ? '.' : ` (found ${found}).`}`,
        hint: hint ?? 'Compare with a similar entry that works.',
      };
    }
  }
}

function formatName(format: string): string {
  if (format === 'date') return 'a date like 2025-12-01';
  if (format === 'datetime') return 'a date and time like 2025-12-01T20:00:00+01:00';
  if (format === 'url') return 'a full web address starting with https://';
  if (format === 'email') return 'an e-mail address';
  return `text in the ${format} format`;
}

/** How to write a value of the format; a date written day first is shown turned around. */
function formatHint(format: string, input: unknown): string {
  const turned =
    format === 'date' || format === 'datetime' ? dayFirstAsIso(input, { time: format === 'datetime' }) : undefined;
  if (turned !== undefined)
    return `Write it as ${turned}: year, month, day${turned.includes(':') ? ', then the time' : ''}.`;
  if (format === 'date') return 'Write dates as YYYY-MM-DD: year, month (01-12), day.';
  if (format === 'datetime')
    return 'Write the date as YYYY-MM-DD: year, month (01-12), day, then the time if there is one.';
  if (format === 'url') return 'Copy the address from the browser, https:// included.';
  return 'Compare with a similar entry that works.';
}
