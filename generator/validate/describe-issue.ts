import type { core } from 'zod';
import { say } from '../messages/say.ts';
import { foundOf } from '../messages/values.ts';
import { dayFirstAsIso } from './date-hint.ts';

/** `['doors', 3, 'date']` → `doors[3].date` */
export function fieldPath(path: readonly PropertyKey[]): string {
  return path
    .map((key, index) => (typeof key === 'number' ? `[${key}]` : `${index === 0 ? '' : '.'}${String(key)}`))
    .join('');
}

const DEFAULT_MESSAGE = /^(Invalid|Too (small|big)|Unrecognized)/;

/**
 * A Zod issue as a volunteer needs it: what was expected, what was found, and how to fix it,
 * as an entry of the tool's catalogue (messages/). A site's own message (a schema's
 * `message`, a refine's words and `params: { hint }`) is in the site's language already.
 */
export function describeIssue(issue: core.$ZodIssue, input: unknown): ReturnType<typeof say> {
  const found = foundOf(input);
  const custom = DEFAULT_MESSAGE.test(issue.message) ? undefined : issue.message;
  const last = issue.path.at(-1);
  switch (issue.code) {
    case 'invalid_type':
      if (input === undefined) return say('invalid-field/missing', { expected: issue.expected, field: String(last) });
      return say('invalid-field/type', { expected: issue.expected, found });
    case 'invalid_value':
      return say('invalid-field/one-of', { values: issue.values.map((value) => JSON.stringify(value)), found });
    case 'invalid_format': {
      const dated = issue.format === 'date' || issue.format === 'datetime';
      const turned = dated ? dayFirstAsIso(input, { time: issue.format === 'datetime' }) : undefined;
      return say('invalid-field/format', { format: issue.format, custom, found, turned });
    }
    case 'unrecognized_keys':
      return say('invalid-field/unknown', { key: issue.keys.join(', '), known: [] });
    case 'too_small':
    case 'too_big':
      return say('invalid-field/size', {
        small: issue.code === 'too_small',
        exact: 'exact' in issue && issue.exact === true,
        bound: String(issue.code === 'too_small' ? issue.minimum : issue.maximum),
        origin: issue.origin,
        custom,
        found,
      });
    default: {
      // A site's own rule (a refine) may say how to fix what it found (`params: { hint }`). A
      // rule over a block of fields says in its message what is missing: «found a block of
      // fields» would tell the volunteer nothing.
      const hint = issue.code === 'custom' && typeof issue.params?.hint === 'string' ? issue.params.hint : undefined;
      const block = typeof input === 'object' && input !== null && !Array.isArray(input);
      return say('invalid-field/rule', { rule: custom, block, found, hint });
    }
  }
}
