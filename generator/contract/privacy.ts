/**
 * What a site stores in a visitor's browser and which third parties it can load, as the site
 * declares them (`storage`, `embeds` in defineSite). The generator gates every embed behind the
 * visitor's consent (an island with `consent`, client/shared/consent.ts) and hands these facts
 * to every template (`facts`), so the site's cookie and privacy pages name them and cannot drift.
 */
/** A key one of the site's own scripts keeps in localStorage. */
export interface StoredKey {
  key: string;
  /** What it holds, in the site's language. */
  holds: string;
  /** How long it stays, in the site's language. */
  lasts: string;
}

/** A third party a page can embed (a feed, a video, a map): loaded only after the visitor's yes. */
export interface EmbedDeclaration {
  /** What a visitor calls it (Instagram-bilder). */
  title: string;
  /** Who provides it (the service the page loads it from). */
  provider: string;
  /** Every host it is loaded from or sends the visitor's browser to, as origins or CSP host patterns. */
  hosts: string[];
  /** What it receives from the visitor and what it stores on the device, in the site's language. */
  stores: string;
  /** Where the provider says what it does with it. */
  privacyPolicy: string;
  /** What the pages that embed it add to their Content-Security-Policy (and no other page). */
  securityPolicy: PolicySources;
}

/** The facts templates get about the site itself. */
export interface SiteFacts {
  /** The site's own origin (https://www.example.org). */
  origin: string;
  /** The site's own keys in the visitor's browser, the consent key among them when there are embeds. */
  storage: StoredKey[];
  /** The localStorage key consents are remembered under (a JSON list of embed names). */
  consentKey: string;
  /** The embeds, by name. */
  embeds: Array<EmbedDeclaration & { name: string }>;
}

/** CSP sources by directive, like { 'script-src': ['https://cdn.example.com'] }. */
export type PolicySources = Partial<
  Record<
    'script-src' | 'style-src' | 'img-src' | 'font-src' | 'connect-src' | 'frame-src' | 'media-src' | 'form-action',
    string[]
  >
>;
