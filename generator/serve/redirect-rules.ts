/**
 * A built folder's _redirects as Netlify and Cloudflare Pages read it: one rule a line,
 * `from to [status]` (the build writes `/om-klubben /om/ 301`), `#` for a comment. Both servers
 * answer a rule's address with its status and a Location, as those hosts do, rather than with
 * the redirect page the build also writes for hosts that read no _redirects (GitHub Pages).
 * An address matches with or without its trailing slash, as on those hosts.
 */
type RedirectRules = Map<string, { to: string; status: number }>;

function parseRedirects(text: string): RedirectRules {
  const rules: RedirectRules = new Map();
  for (const line of text.split('\n')) {
    const [from, to, status] = line.trim().split(/\s+/);
    if (!from || !to || from.startsWith('#')) continue;
    const code = Number(status ?? 301);
    rules.set(withoutSlash(from), { to, status: [301, 302, 303, 307, 308].includes(code) ? code : 301 });
  }
  return rules;
}

const withoutSlash = (address: string) => address.replace(/(.)\/$/, '$1');

let last: { text: string; rules: RedirectRules } | undefined;

/**
 * The redirect for a request path (as sent, and decoded), keeping its query; undefined when no
 * rule names it. `text` is the _redirects of the build being served (read at each request, so a
 * rebuild's rules hold at once); the rules of the last text are kept.
 */
export function redirectFor(
  text: string | undefined,
  paths: string[],
  query: string,
): { status: number; location: string } | undefined {
  if (!text) return undefined;
  if (last?.text !== text) last = { text, rules: parseRedirects(text) };
  for (const address of paths) {
    const rule = last.rules.get(withoutSlash(address));
    // A header carries ASCII only: an address written with ø or å is sent encoded.
    if (rule)
      return {
        status: rule.status,
        location: `${/[^\x21-\x7e]/.test(rule.to) ? encodeURI(rule.to) : rule.to}${query}`,
      };
  }
  return undefined;
}
