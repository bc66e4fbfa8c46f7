import { DoorCard } from '../site/blocks/calendar-door.tsx';
import type { PageProps } from '../site/data.ts';
import { calendarToday, isDrawn, NO_DRAW_TODAY, todaysDoor } from '../site/logic/calendar-doors.ts';
import { seasonIsOver } from '../site/logic/calendar-season.ts';
import type { Calendar } from '../site/schemas/calendar.ts';

const doorAnchor = (day: number) => `luke-${day}`;

/** Each door as a search result of its own: «Luke 3: Sponsor – Julekalender 2025» at #luke-3. */
export function calendarSearchSections({ page }: PageProps<Calendar>) {
  return page.data.doors.map((door) => ({
    anchor: doorAnchor(door.day),
    title: `Luke ${door.day}: ${door.sponsor}`,
    text: [door.prizeTitle, door.prizeDesc, `Verdi ${door.prizeValue}`].filter(Boolean).join('. '),
  }));
}

export { calendarSchema } from '../site/schemas/calendar.ts';

/**
 * A year's Christmas calendar (content/pages/julekalender/<year>.yaml). Static HTML, no
 * React: today's door and «Dagens trekning» follow the build's clock, and
 * site/scripts/calendar-today.ts moves them to the browser's date when the build is stale.
 */
export function CalendarTemplate({ page, now, asset }: PageProps<Calendar>) {
  const doors = [...page.data.doors].sort((a, b) => a.day - b.day);
  const today = calendarToday(doors, now);
  const current = todaysDoor(doors, today);
  const drawn = doors.filter((door) => isDrawn(door.winner)).length;
  return (
    <article className="calendar" data-calendar>
      <header className="calendar__header">
        <h1>{page.title}</h1>
        {seasonIsOver(page.data.year, now) ? (
          <p className="calendar__over" role="note">
            <strong>Julekalenderen {page.data.year} er avsluttet.</strong> Lukene og vinnerne står her som de ble
            trukket.
          </p>
        ) : null}
        {page.data.intro.map((paragraph) => (
          <p key={paragraph} className="calendar__intro">
            {paragraph}
          </p>
        ))}
        <p className="calendar__progress">
          <strong>{drawn}</strong> av {doors.length} luker er trukket.
        </p>
      </header>

      <section className="calendar__today" aria-labelledby="dagens-trekning" data-todays-draw hidden={!current}>
        <h2 id="dagens-trekning">Dagens trekning</h2>
        <div className="calendar__today-door" data-todays-draw-slot={current?.date ?? ''}>
          {current ? <DoorCard door={current} today={today} asset={asset} inGrid={false} /> : null}
        </div>
        {/* For a stale build visited on a day without a door (site/scripts/calendar-today.ts). */}
        <p className="calendar__today-none" data-no-draw hidden>
          {NO_DRAW_TODAY}
        </p>
      </section>

      <section className="calendar__all" aria-labelledby="alle-luker">
        <h2 id="alle-luker">Alle lukene</h2>
        <ol className="calendar__doors">
          {doors.map((door) => (
            <li key={door.day} id={doorAnchor(door.day)}>
              <DoorCard door={door} today={today} asset={asset} inGrid />
            </li>
          ))}
        </ol>
      </section>
    </article>
  );
}
