const SELECTOR = 'img[data-hide-if-broken]';

/**
 * Images marked data-hide-if-broken (sponsor logos) disappear when they fail to load, instead
 * of leaving a broken-image box. No inline onerror (the CSP forbids it): one capture-phase
 * listener catches failures from now on (error events do not bubble), and images that failed
 * before this script ran are found and checked once.
 */
export function hideBrokenImages(root: Document = document): void {
  root.addEventListener(
    'error',
    (event) => {
      const target = event.target;
      if (target instanceof HTMLImageElement && target.matches(SELECTOR)) target.hidden = true;
    },
    true,
  );
  for (const image of root.querySelectorAll<HTMLImageElement>(SELECTOR)) {
    // complete with no width: failed, or an SVG without a size of its own; decoding tells which.
    if (image.complete && image.naturalWidth === 0) {
      image.decode().catch(() => {
        image.hidden = true;
      });
    }
  }
}
