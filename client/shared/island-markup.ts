/**
 * The markup contract between server-rendered islands and the browser runtime:
 *
 *   <clubsite-island data-island="level-finder" data-when="visible">
 *     <script type="application/json">{props}</script>
 *     <div data-island-root>…server HTML…</div>
 *   </clubsite-island>
 */
export const ISLAND_TAG = 'clubsite-island';
export const ISLAND_NAME = 'data-island';
export const ISLAND_WHEN = 'data-when';
export const ISLAND_ROOT = 'data-island-root';

/**
 * When an island hydrates: at load, when the browser is idle, when it scrolls into view, or
 * only at the first interaction inside it (for a widget whose server markup serves until then;
 * whatever the directive, the first interaction hydrates it at once).
 */
export type HydrateWhen = 'load' | 'idle' | 'visible' | 'interaction';

/** An island a page rendered: what the build needs to know of it (its runtime, its preloads, its registration). */
export interface RenderedIsland {
  name: string;
  when: HydrateWhen;
}

/**
 * Where <Island> tells the build it was rendered. A global by a registered symbol, because the
 * site's templates are bundled with their own copy of this module: both copies find the same list.
 */
const RECORDER = Symbol.for('clubsite.rendered-islands');
type Recorder = { [RECORDER]?: RenderedIsland[] };

/** Called by <Island> as it renders. */
export function noteIsland(island: RenderedIsland): void {
  (globalThis as Recorder)[RECORDER]?.push(island);
}

/** Runs a (synchronous) render and returns what it made with the islands it rendered, in order. */
export function recordIslands<T>(render: () => T): { made: T; islands: RenderedIsland[] } {
  const scope = globalThis as Recorder;
  const outer = scope[RECORDER];
  const islands: RenderedIsland[] = [];
  scope[RECORDER] = islands;
  try {
    return { made: render(), islands };
  } finally {
    scope[RECORDER] = outer;
  }
}

const UNSAFE_IN_SCRIPT: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/**
 * Props as JSON that is safe inside <script>: no `</script>`, no `<!--`, no line separators
 * can end the element early, whatever the content says. JSON.parse reads it back unchanged.
 */
export function serializeProps(props: unknown): string {
  return JSON.stringify(props ?? {}).replace(/[<>&\u2028\u2029]/g, (char) => UNSAFE_IN_SCRIPT[char] ?? char);
}
