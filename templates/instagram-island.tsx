import { Island } from '../client/island.tsx';
import type { SiteSettings } from '../site/schemas/site-settings.ts';
import { islands } from './islands.ts';

/** The Instagram feed as an island that wakes when the card comes near the viewport. */
export function InstagramIsland({ widget }: { widget: SiteSettings['social']['instagramWidget'] }) {
  return (
    <Island
      island={islands['instagram-feed']}
      props={{ script: widget.script, className: widget.className }}
      when="visible"
    />
  );
}
