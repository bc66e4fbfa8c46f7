import { dayAndMonth } from '../dates.ts';
import { doorState, isToday, pendingText } from '../logic/calendar-doors.ts';
import type { CalendarDoor } from '../schemas/calendar.ts';

interface DoorCardProps {
  door: CalendarDoor;
  /** Today in Oslo, YYYY-MM-DD, by the build's clock (client/calendar-today.ts corrects it). */
  today: string;
  asset: (file: string) => string;
  /** In the grid of all doors the card carries the facts the browser needs to correct "today". */
  inGrid: boolean;
}

/**
 * One door: the day, the sponsor's logo and prize, and the draw: the winner, «Publiseres i
 * kveld» on today's door, or «Ikke trukket». The same card, copied, fills «Dagens trekning».
 */
export function DoorCard({ door, today, asset, inGrid }: DoorCardProps) {
  const state = doorState(door, today);
  const current = isToday(door, today);
  const classes = ['calendar-door', `calendar-door--${state}`, current && inGrid ? 'calendar-door--today' : '']
    .filter(Boolean)
    .join(' ');
  return (
    <article
      className={classes}
      data-door-date={inGrid ? door.date : undefined}
      data-door-drawn={state === 'drawn' ? 'true' : 'false'}
      aria-current={current && inGrid ? 'date' : undefined}
    >
      <header className="calendar-door__top">
        <h3 className="calendar-door__title">
          <span className="calendar-door__label">Luke</span> <span className="calendar-door__number">{door.day}</span>
        </h3>
        <p className="calendar-door__date">{dayAndMonth(door.date)}</p>
        <p className="calendar-door__badge" data-door-today-badge hidden={!current}>
          I dag
        </p>
      </header>
      <div className="calendar-door__logo-box">
        <img
          className="calendar-door__logo"
          src={asset(door.logo)}
          alt=""
          width="240"
          height="120"
          loading="lazy"
          decoding="async"
          data-hide-if-broken
        />
      </div>
      <div className="calendar-door__prize">
        <p className="calendar-door__sponsor">{door.sponsor}</p>
        <p className="calendar-door__prize-title">{door.prizeTitle}</p>
        {door.prizeDesc ? <p className="calendar-door__prize-desc">{door.prizeDesc}</p> : null}
        <p className="calendar-door__value">
          Verdi <strong>{door.prizeValue}</strong>
        </p>
      </div>
      {state === 'drawn' ? (
        <p className="calendar-door__result calendar-door__result--drawn">
          <span className="calendar-door__result-label">Vinner</span> <strong>{door.winner}</strong>
        </p>
      ) : (
        <p className="calendar-door__result" data-door-status>
          {pendingText(door, today)}
        </p>
      )}
    </article>
  );
}
