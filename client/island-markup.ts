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

/** When an island hydrates: at load, when the browser is idle, or when it scrolls into view. */
export type HydrateWhen = 'load' | 'idle' | 'visible';

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
