/**
 * «Abonner i kalenderen» under the training times: for every group, and for each group, a
 * `webcal:` link (a phone's calendar app subscribes, and keeps the times up to date) and the
 * same calendar's plain https address (for Google Calendar's «Fra nettadresse», or to copy).
 * Static markup, no script: a list of seven rows costs a visitor nothing, where following the
 * filter would have cost every page with an island a loader entry (/kurs is 26 bytes under its
 * 75 KB budget).
 */
export interface SubscribeFeed {
  /** The group, or '' for every group. */
  group: string;
  /** The calendar's absolute https address. */
  url: string;
}

/** https://www.ksa.no/treningstider.ics → webcal://www.ksa.no/treningstider.ics */
export const webcalOf = (url: string) => url.replace(/^https?:/, 'webcal:');

export function CalendarSubscribe({ feeds }: { feeds: SubscribeFeed[] }) {
  return (
    <section className="subscribe" aria-labelledby="abonner-tittel">
      <h2 id="abonner-tittel">Abonner i kalenderen</h2>
      <p>
        Få treningene inn i kalenderen på telefonen. Når klubben endrer tidene, endrer kalenderen seg av seg selv. Trykk
        «Abonner», eller kopier kalenderadressen inn i kalenderen din (i Google Kalender: «Andre kalendere», «Fra
        nettadresse»).
      </p>
      <ul className="subscribe__list">
        {feeds.map(({ group, url }) => {
          const who = group ? `gruppe ${group}` : 'alle grupper';
          return (
            <li key={group} className="subscribe__item" data-subscribe-group={group}>
              <span className="subscribe__who">{group ? `Gruppe ${group}` : 'Alle grupper'}</span>
              <a className="subscribe__link" href={webcalOf(url)} aria-label={`Abonner på treningene til ${who}`}>
                Abonner
              </a>
              <a className="subscribe__address" href={url} aria-label={`Kalenderadressen til ${who}`}>
                Kalenderadressen
              </a>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
