/** The club's search settings, as SPEC.md gives them: the site definition and the search page read them here. */

/** How far a match may be from the query: 0 exact, 1 anything (Fuse.js's threshold). */
export const THRESHOLD = 0.3;
/** Characters of a page's text its hit shows: the site definition's search.snippet, all the index keeps. */
export const SNIPPET_LENGTH = 120;
