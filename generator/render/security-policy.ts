/**
 * The Content-Security-Policy, built in one place for every page: the same text goes into the
 * page's <meta http-equiv> (hosts that read no headers file, like GitHub Pages) and into
 * _headers (Netlify, Cloudflare Pages). Scripts come from the site's own origin; the inline
 * head scripts are allowed by their sha256 hash, never by 'unsafe-inline' or 'unsafe-eval'.
 * Styles come from the site's own origin only: no page has a `style=` attribute or a <style>
 * element (the dev overlay uses a constructed stylesheet), so 'unsafe-inline' for styles
 * would only widen what injected markup could do. A third party is allowed only on the pages
 * whose template declares it (TemplateDefinition.securityPolicy).
 */
import { createHash } from 'node:crypto';
import type { PolicySources } from '../contract/index.ts';

const BASE: Record<string, string[]> = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'"],
  'img-src': ["'self'"],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'frame-src': ["'none'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
};

/** Directives a <meta> policy cannot carry (the browser ignores them there, with a warning): headers only. */
const HEADER_ONLY = "frame-ancestors 'none'";

const sources = new Map<string, string>();

/** The CSP source for an inline script: 'sha256-…' of its exact text (hashed once, asked for by every page). */
function inlineScriptSource(script: string): string {
  let source = sources.get(script);
  if (source === undefined) {
    source = `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;
    if (sources.size > 100) sources.clear();
    sources.set(script, source);
  }
  return source;
}

/** The policy of one page, as a <meta http-equiv> carries it. */
export function pagePolicy(inlineScripts: string[], declared: PolicySources | undefined): string {
  const directives = new Map(Object.entries(BASE).map(([name, sources]) => [name, [...sources]]));
  directives.set('script-src', [...(directives.get('script-src') ?? []), ...inlineScripts.map(inlineScriptSource)]);
  for (const [name, sources] of Object.entries(declared ?? {})) {
    if (!sources || sources.length === 0) continue;
    const current = (directives.get(name) ?? []).filter((source) => source !== "'none'");
    directives.set(name, [...new Set([...current, ...sources])]);
  }
  return [...directives].map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
}

/** The same policy as an HTTP header, with what only a header can say. */
export function headerPolicy(metaPolicy: string): string {
  return `${metaPolicy}; ${HEADER_ONLY}`;
}
