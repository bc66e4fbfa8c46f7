import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isMap, isScalar, isSeq, parseDocument, type Node } from 'yaml';

/**
 * Text that would run or break out if any template treated content as markup: a way out of a
 * <script>, an attribute and an element, an HTML comment, a JavaScript line separator and a
 * template expression.
 */
export const PAYLOAD = '</script><script>alert(1)</script> "><img src=x onerror=alert(1)> <!-- \u2028 {{7*7}}';

/**
 * Fields that are not text a visitor reads (addresses, files, dates, keys, choices from a
 * list): the site's schemas rightly refuse anything else in them.
 */
const NOT_TEXT = new Set([
  'to',
  'link',
  'href',
  'image',
  'img',
  'logo',
  'script',
  'className',
  'origin',
  'spond',
  'membershipUrl',
  'withdrawalEmail',
  'courseSignup',
  'template',
  'date',
  'updated',
  'time',
  'day',
  'group',
  'groups',
  'letter',
  'id',
  'network',
  'prizeValue',
  'calendar',
  'result',
  'next',
  'type',
  'year',
  'redirects',
  'suggestions',
  'course',
  'route',
  'minutes',
  'basis',
  'published',
  'allowHtml',
  'shareImage',
  'mailto',
  // A photo's file and its consent level (content/photos.yaml).
  'file',
  'people',
  // A news tag is part of an address (/nyheter/tema/<tag>).
  'tags',
]);

/** Appends the payload to every text value of a YAML text; returns the new text (comments kept). */
export function hostileYaml(text: string, payload = PAYLOAD): string {
  const document = parseDocument(text);
  const walk = (node: unknown, key: string): void => {
    if (key === 'redirects') return;
    if (isMap(node)) {
      for (const pair of node.items) walk(pair.value, isScalar(pair.key) ? String(pair.key.value) : '');
    } else if (isSeq(node)) {
      for (const item of node.items) walk(item, key);
    } else if (
      isScalar(node) &&
      typeof node.value === 'string' &&
      !NOT_TEXT.has(key) &&
      !/^\s*[—-]?\s*$/.test(node.value) &&
      !node.value.includes('<script>')
    ) {
      // Training locations are text and choices at once: the list and every slot get the same suffix.
      (node as Node & { value: string }).value = `${node.value} ${payload}`;
    }
  };
  walk(document.contents, '');
  return document.toString({ lineWidth: 0 });
}

/** Every text field of every content file, and every page's body, with the payload added. */
export async function makeContentHostile(contentDir: string, payload = PAYLOAD): Promise<void> {
  const files = (await readdir(contentDir, { recursive: true })).filter(
    (file) => /\.(ya?ml|md)$/.test(file) && !file.endsWith('README.md'),
  );
  for (const file of files) {
    const absolute = path.join(contentDir, file);
    const text = await readFile(absolute, 'utf8');
    if (file.endsWith('.md')) {
      const match = /^---\n([\s\S]*?\n)---\n([\s\S]*)$/.exec(text);
      if (!match) throw new Error(`no front matter in ${file}`);
      await writeFile(
        absolute,
        `---\n${hostileYaml(match[1] ?? '', payload)}---\n${match[2] ?? ''}\n${payload.replace(/[*_`[\]\\]/g, '\\$&')}\n`,
      );
    } else {
      await writeFile(absolute, hostileYaml(text, payload));
    }
  }
}
