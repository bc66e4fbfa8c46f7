// `clubsite dev` only (never in a build): listens to the dev server and keeps this page in
// step with the sources. A rebuild reloads the page; a stylesheet-only change swaps the
// stylesheet in place; problems show over the last good page until they are fixed.
import type { DevMessage } from '../shared/dev-messages.ts';
import { hideOverlay, showOverlay } from './dev-overlay.ts';

const EVENTS = '/__clubsite/events';
// The server names the build this page came from beside this script.
const revisionMeta = document.querySelector<HTMLMetaElement>('meta[name="clubsite-revision"]');
let revision = decodeURIComponent(revisionMeta?.content ?? '');
let source: EventSource | undefined;

function swapStylesheets(pairs: Array<[string, string]>): boolean {
  let swapped = false;
  for (const link of document.querySelectorAll<HTMLLinkElement>('link[rel~="stylesheet"]')) {
    const pair = pairs.find(([from]) => from === new URL(link.href, location.href).pathname);
    if (!pair) continue;
    const next = link.cloneNode() as HTMLLinkElement;
    next.href = pair[1];
    // The old sheet stays until the new one has loaded, so nothing flashes unstyled.
    next.addEventListener('load', () => link.remove(), { once: true });
    next.addEventListener('error', () => location.reload(), { once: true });
    link.after(next);
    swapped = true;
  }
  return swapped;
}

function handle(message: DevMessage): void {
  if (message.problems.length > 0) {
    showOverlay(message.problems);
    return;
  }
  hideOverlay();
  if (message.type === 'css' && message.from === revision && message.swap && swapStylesheets(message.swap)) {
    // The page is now what that build serves: it says so, as a fresh load would.
    revision = message.revision;
    revisionMeta?.setAttribute('content', encodeURIComponent(revision));
    return;
  }
  if (message.revision !== revision) location.reload();
}

function connect(): void {
  if (source) return;
  source = new EventSource(EVENTS);
  source.addEventListener('message', (event: MessageEvent<string>) => handle(JSON.parse(event.data) as DevMessage));
}

function disconnect(): void {
  source?.close();
  source = undefined;
}

// A browser allows only a few open connections per host: hidden tabs let go of theirs and
// catch up (reloading if stale) when they are shown again.
document.addEventListener('visibilitychange', () => (document.visibilityState === 'hidden' ? disconnect() : connect()));
window.addEventListener('pagehide', disconnect);
window.addEventListener('pageshow', () => {
  if (document.visibilityState !== 'hidden') connect();
});
if (document.visibilityState !== 'hidden') connect();
