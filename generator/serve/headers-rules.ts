/**
 * Reads a built folder's _headers the way Netlify and Cloudflare Pages do, so the preview
 * server (and the browser tests behind it) answer with the same headers as the host: the
 * Content-Security-Policy enforced from the header as well as from the page's meta tag.
 * A rule is a path (exact, or ending in * for a prefix) followed by indented `Name: value`
 * lines; the values of every rule that matches a path are joined, as those hosts join them.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';

type HeaderRules = Array<{ pattern: string; headers: Array<[name: string, value: string]> }>;

export function parseHeaders(text: string): HeaderRules {
  const rules: HeaderRules = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '' || line.trimStart().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      rules.push({ pattern: line.trim(), headers: [] });
      continue;
    }
    const colon = line.indexOf(':');
    if (colon > 0)
      rules.at(-1)?.headers.push([line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()]);
  }
  return rules;
}

/** The headers for a request path (without its query). */
export function headersFor(rules: HeaderRules, urlPath: string): Record<string, string> {
  const result: Record<string, string> = {};
  for (const { pattern, headers } of rules) {
    const matches = pattern.endsWith('*') ? urlPath.startsWith(pattern.slice(0, -1)) : urlPath === pattern;
    if (!matches) continue;
    for (const [name, value] of headers) result[name] = result[name] ? `${result[name]}, ${value}` : value;
  }
  return result;
}

/** The rules of a built folder's _headers; none when it has no such file. */
export async function readHeaderRules(dir: string): Promise<HeaderRules> {
  const text = await readFile(path.join(dir, '_headers'), 'utf8').catch(() => '');
  return parseHeaders(text);
}
