/**
 * The admin's own Content-Security-Policy, on its path only (every page keeps the policy
 * render/security-policy.ts gives it). Decap CMS needs more than a page: its styles are made in
 * the browser (emotion: 'unsafe-inline' for styles), its Markdown editor compiles code at run
 * time ('unsafe-eval'), uploads are previewed from blob: and data: addresses, and on the live
 * site it talks to GitHub's API and shows the volunteer's avatar. Scripts still come only from
 * the site itself: no CDN, no inline script.
 */
import type { SiteDefinition } from '../contract/index.ts';
import { headerPolicy } from '../render/security-policy.ts';
import { ADMIN_FOLDER } from '../urls.ts';

const GITHUB = ['https://api.github.com', 'https://raw.githubusercontent.com'];

/** The policy of the admin's page, as its <meta http-equiv> carries it. */
export function adminPolicy(site: SiteDefinition): string {
  const settings = site.admin || undefined;
  const auth = settings?.auth ? [new URL(settings.auth.url).origin] : [];
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", "'unsafe-eval'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https://avatars.githubusercontent.com', ...GITHUB],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", 'blob:', ...GITHUB, ...auth],
    'frame-src': ["'self'", 'blob:'],
    'media-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

/** The admin's rule in _headers (Netlify, Cloudflare Pages): its policy, with what only a header can say. */
export function adminHeaderRule(site: SiteDefinition, base: string): string {
  return `${base}${ADMIN_FOLDER}/*\n  Content-Security-Policy: ${headerPolicy(adminPolicy(site))}\n  X-Robots-Tag: noindex\n`;
}
