import { FEED_NOTES, type InstagramFeedProps } from './instagram-feed.ts';

/**
 * The Instagram feed's card as the server renders it: first a placeholder that says what the
 * feed would show, who provides it and what a visitor's browser then shares, with «Vis
 * Instagram-bilder» (shown by the island runtime, which loads nothing before it is pressed:
 * templates/instagram-island.tsx), then the element the service fills. Without script the
 * card's own button still leads to the profile.
 */
export default function InstagramFeedView({ className, cookiesPage }: InstagramFeedProps) {
  return (
    <div className="instagram-feed" data-feed-status="waiting">
      <div className="instagram-feed__consent">
        <p>
          Her kan du se de siste bildene fra Instagram-kontoen vår. Bildene hentes fra tjenesten Elfsight og fra
          Instagram (Meta). Viser du dem, får disse selskapene IP-adressen din og vet at du er på denne siden, og de kan
          lagre informasjon i nettleseren din. Ingenting hentes før du velger det.
        </p>
        <button type="button" className="button instagram-feed__show" data-consent-accept="" hidden>
          Vis Instagram-bilder
        </button>
        <label className="instagram-feed__remember" hidden>
          <input type="checkbox" data-consent-remember="" /> Husk valget i denne nettleseren
        </label>
        <p className="instagram-feed__more">
          <a href={cookiesPage}>Om informasjonskapsler og innhold fra andre</a>
        </p>
      </div>
      <div className={className} data-elfsight-app-lazy="" />
      <p className="instagram-feed__note" aria-live="polite">
        {FEED_NOTES.waiting}
      </p>
    </div>
  );
}
