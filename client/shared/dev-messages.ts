/**
 * What the dev server tells open pages (generator/dev/reload-channel.ts sends it, the browser's
 * client/browser/dev-reload.ts hears it): one format for both halves of the tool.
 */

/** A problem as the overlay shows it: the same parts `formatErrors` prints. */
export interface DevProblem {
  /** `content/menu.yaml:12:7`, or `(clubsite)` for a bug. */
  location: string;
  field?: string;
  message: string;
  hint: string;
  /** The block exactly as the terminal shows it. */
  text: string;
  /** The overlay's own words, in the site's language (English unless given). */
  words?: OverlayWords;
}

/** What the overlay says around the problems (plain text: it crosses to the page as JSON). */
export interface OverlayWords {
  hint: string;
  /** «clubsite: {n} problem in the site», and for more than one; {n} is the count. */
  titleOne: string;
  titleMany: string;
  hide: string;
  note: string;
  /** The terminal's line under the problems, with a last good site served or none; {n} is the count. */
  servedOne: string;
  servedMany: string;
  noneServed: string;
}

/** What the page hears. `revision` names the last good build; a page built at another reloads. */
export type DevMessage =
  | { type: 'state'; revision: string; problems: DevProblem[] }
  | { type: 'reload'; revision: string; problems: [] }
  | { type: 'css'; revision: string; from: string; swap: Array<[string, string]>; problems: [] }
  | { type: 'problems'; revision: string; problems: DevProblem[] };
