import { FEED_NOTES, type InstagramFeedProps } from './instagram-feed.ts';

/**
 * The Instagram feed's card as the server renders it: the element the service fills, and a
 * note that it is waiting. In the browser, site/widgets/instagram-feed.ts takes it from there.
 */
export default function InstagramFeedView({ className }: InstagramFeedProps) {
  return (
    <div className="instagram-feed" data-feed-status="waiting">
      <div className={className} data-elfsight-app-lazy="" />
      <p className="instagram-feed__note" aria-live="polite">
        {FEED_NOTES.waiting}
      </p>
    </div>
  );
}
