import { useEffect, useState } from 'react';

export interface InstagramFeedProps {
  /** The feed service's script (loaded once per page, only when the card is near the viewport). */
  script: string;
  /** The class of the element the service fills with the feed. */
  className: string;
}

type Status = 'waiting' | 'loading' | 'loaded' | 'failed';

const NOTES: Record<Exclude<Status, 'loaded'>, string> = {
  waiting: 'De siste bildene fra Instagram vises her.',
  loading: 'Henter bilder fra Instagram …',
  failed: 'Vi får ikke hentet bildene fra Instagram akkurat nå. Du finner dem på Instagram-profilen vår.',
};

/**
 * The Instagram feed from a third-party widget service. It is an island hydrated when
 * visible, so the service's script is requested only when the card comes near the viewport,
 * and only if the page does not have it already. The box keeps its height (CSS: at least
 * 260 px) whatever the service does; if the service cannot be reached, a short note says so.
 */
export default function InstagramFeed({ script, className }: InstagramFeedProps) {
  const [status, setStatus] = useState<Status>('waiting');

  useEffect(() => {
    const present = Array.from(document.scripts).some((element) => element.src === script);
    if (present) {
      setStatus('loaded');
      return;
    }
    const element = document.createElement('script');
    const onLoad = () => setStatus('loaded');
    const onError = () => setStatus('failed');
    element.addEventListener('load', onLoad);
    element.addEventListener('error', onError);
    element.src = script;
    element.async = true;
    document.head.append(element);
    setStatus('loading');
    return () => {
      element.removeEventListener('load', onLoad);
      element.removeEventListener('error', onError);
    };
  }, [script]);

  return (
    <div className="instagram-feed" data-feed-status={status}>
      <div className={className} data-elfsight-app-lazy="" />
      <p className="instagram-feed__note" aria-live="polite">
        {status === 'loaded' ? '' : NOTES[status]}
      </p>
    </div>
  );
}
