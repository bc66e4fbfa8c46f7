import { Island } from '../client/island.tsx';
import type { SiteSettings } from '../site/schemas/site-settings.ts';
import InstagramFeed from '../site/widgets/instagram-feed.tsx';

/** The Instagram feed as an island that wakes when the card comes near the viewport. */
export function InstagramIsland({ widget }: { widget: SiteSettings['social']['instagramWidget'] }) {
  return <Island name="instagram-feed" component={InstagramFeed} props={{ script: widget.script, className: widget.className }} when="visible" />;
}
