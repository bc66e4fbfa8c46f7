import { Island } from 'clubsite/island';
import type { PolicySources } from 'clubsite';
import type { SiteSettings } from '../site/schemas/site-settings.ts';
import { islands } from './islands.ts';

/** The name of the feed among the site's embeds (templates/index.ts). */
export const INSTAGRAM_EMBED = 'instagram';

/** The Instagram feed as an island that starts after the visitor's yes on its placeholder, and not before. */
export function InstagramIsland({
  widget,
  cookiesPage,
}: {
  widget: SiteSettings['social']['instagramWidget'];
  cookiesPage: string;
}) {
  return (
    <Island
      island={islands['instagram-feed']}
      props={{ script: widget.script, className: widget.className, cookiesPage }}
      when="visible"
      consent={INSTAGRAM_EMBED}
    />
  );
}

/**
 * What the feed service needs on the pages that embed it (and only there): its script's host,
 * the service's API and CDN, Instagram's image hosts, and inline styles (the service injects
 * <style> elements into the feed; our own pages allow none).
 */
export function instagramPolicy(widget: SiteSettings['social']['instagramWidget']): PolicySources {
  const script = new URL(widget.script).origin;
  const service = ['https://*.elfsight.com', 'https://*.elfsightcdn.com'];
  return {
    'script-src': [script, ...service],
    'connect-src': [script, ...service],
    'style-src': ["'unsafe-inline'", script, ...service],
    'img-src': [script, ...service, 'https://*.cdninstagram.com', 'https://*.fbcdn.net'],
    'font-src': [script, ...service],
    'frame-src': ['https://*.elfsight.com', 'https://www.instagram.com'],
  };
}
