/**
 * The Instagram feed from a third-party widget service, in the browser. The island wakes when
 * the card comes near the viewport and waits for the visitor's yes on its placeholder (the
 * site's embed `instagram`: clubsite/consent's gate), so the service's script is requested only
 * then, and only if the page does not have it already; the card's note says what is happening, and if the service cannot be reached, says so. The box keeps its height
 * (CSS: at least 260 px) whatever the service does.
 *
 * Plain DOM code over the server's markup (instagram-feed-view.tsx): adding a script and a
 * line of text does not need React's 67 KB, so the pages with the feed load none.
 */
import { awaitConsent } from 'clubsite/consent';

export interface InstagramFeedProps {
  /** The feed service's script (loaded once per page, only after the visitor's yes). */
  script: string;
  /** The class of the element the service fills with the feed. */
  className: string;
  /** The cookie page, where the choice is explained and withdrawn. */
  cookiesPage: string;
}

export type FeedStatus = 'waiting' | 'loading' | 'loaded' | 'failed';

export const FEED_NOTES: Record<FeedStatus, string> = {
  waiting: '',
  loading: 'Henter bilder fra Instagram …',
  loaded: '',
  failed: 'Vi får ikke hentet bildene fra Instagram akkurat nå. Du finner dem på Instagram-profilen vår.',
};

/** Waits for the visitor's yes on the placeholder (or a remembered one), then loads the feed. */
export function mount(root: HTMLElement, props: object): void {
  awaitConsent(root, () => loadFeed(root, props));
}

function loadFeed(root: HTMLElement, props: object): void {
  const { script } = props as InstagramFeedProps;
  const feed = root.querySelector<HTMLElement>('.instagram-feed');
  const note = root.querySelector<HTMLElement>('.instagram-feed__note');
  root.querySelector<HTMLElement>('.instagram-feed__consent')?.setAttribute('hidden', '');
  const show = (status: FeedStatus) => {
    feed?.setAttribute('data-feed-status', status);
    if (note) note.textContent = FEED_NOTES[status];
  };
  if (Array.from(document.scripts).some((element) => element.src === script)) {
    show('loaded');
    return;
  }
  const element = document.createElement('script');
  element.addEventListener('load', () => show('loaded'));
  element.addEventListener('error', () => show('failed'));
  element.src = script;
  element.async = true;
  document.head.append(element);
  show('loading');
}
