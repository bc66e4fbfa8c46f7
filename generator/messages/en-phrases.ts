/** The phrases the English messages (en.ts) are made of: type names, formats, a found value, YAML troubles. */
import type { Found, Text, YamlTrouble } from './values.ts';

const TYPE_NAMES: Record<string, string> = {
  string: 'text',
  number: 'a number',
  boolean: 'true or false',
  array: 'a list (lines starting with "- ")',
  object: 'a block of fields',
  date: 'a date',
};

export const typeName = (expected: string) => TYPE_NAMES[expected] ?? expected;

export function formatName(format: string): string {
  if (format === 'date') return 'a date like 2025-12-01';
  if (format === 'datetime') return 'a date and time like 2025-12-01T20:00:00+01:00';
  if (format === 'url') return 'a full web address starting with https://';
  if (format === 'email') return 'an e-mail address';
  return `text in the ${format} format`;
}

/** How to write a value of the format; a date written day first is shown turned around. */
export function formatHint(format: string, turned: string | undefined): string {
  if (turned !== undefined)
    return `Write it as ${turned}: year, month, day${turned.includes(':') ? ', then the time' : ''}.`;
  if (format === 'date') return 'Write dates as YYYY-MM-DD: year, month (01-12), day.';
  if (format === 'datetime')
    return 'Write the date as YYYY-MM-DD: year, month (01-12), day, then the time if there is one.';
  if (format === 'url') return 'Copy the address from the browser, https:// included.';
  return 'Compare with a similar entry that works.';
}

export function yamlTrouble(trouble: YamlTrouble): Text {
  switch (trouble.kind) {
    case 'unclosed':
      return [
        `The ${trouble.opener} opened on this line is never closed: a list in [ ] or a block in { } must end on its line.`,
        `Add the missing ${trouble.closer} at the end of the line, and check the commas between the values.`,
      ];
    case 'quote':
      return [
        `The quote ${trouble.quote} opened on this line is never closed.`,
        `Add the closing ${trouble.quote} at the end of the text, or remove the opening one.`,
      ];
    case 'tab':
      return ['This line is indented with a tab.', 'Indent it with spaces, like the lines around it.'];
    case 'colon':
      return [
        'This line is not "field: value": a space after a colon is missing, or the text holds a colon.',
        'Write a space after the colon (day: Mandag), and put text with a colon in quotes (time: "16:00 - 18:00").',
      ];
    case 'twice':
      return [
        `The field "${trouble.key}" is written twice in the same block.`,
        'Keep one of them, or give the other its right name.',
      ];
    case 'indent':
      return [
        'This line is not indented like the lines of its block.',
        'Line it up with the lines it belongs with, using spaces (not tabs).',
      ];
    case 'stray':
      return [
        `The ${trouble.char} here does not belong: it closes something that was never opened.`,
        'Remove it, or put the whole text in quotes.',
      ];
    default:
      return [
        `The YAML cannot be read: ${trouble.detail}.`,
        'Check the indentation (spaces, not tabs), that every "key: value" has a space after the colon, and that text with a colon or # is in quotes.',
      ];
  }
}

/** How a found value reads: short, typed, never a wall of JSON. */
export function foundEn(found: Found): string {
  switch (found.kind) {
    case 'nothing':
      return 'nothing';
    case 'empty':
      return 'an empty value';
    case 'text':
      return `"${found.text}"`;
    case 'number':
    case 'boolean':
      return `${found.kind} ${found.text}`;
    case 'date':
      return `the date ${found.text}`;
    case 'list':
      return `a list of ${found.count}`;
    default:
      return 'a block of fields';
  }
}

export const list = (names: string[]) => names.map((name) => name.toUpperCase()).join(', ');
