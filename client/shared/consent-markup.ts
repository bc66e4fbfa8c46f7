/**
 * The consent contract between server markup and the browser: the attribute that names the embed
 * an island waits for, and the localStorage key the visitor's remembered yeses are kept under.
 * A file of its own, imported by no island runtime code, so pages without an embed share no chunk with it.
 */
/** The embed an island waits for the visitor's consent to (its name in the site's `embeds`). */
export const ISLAND_CONSENT = 'data-consent';
/** The localStorage key a visitor's remembered consents are kept under (client/browser/consent.ts). */
export const CONSENT_KEY = 'clubsite-consent';
