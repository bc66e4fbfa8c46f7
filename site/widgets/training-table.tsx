import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { osloTime, type OsloTime } from '../dates.ts';
import {
  ALL,
  chooseAll,
  chooseGroup,
  chooseMultiple,
  filterOfSearch,
  GROUP_PARAM,
  isToday,
  searchOfFilter,
  toggleGroup,
  visibleSlots,
  type FilterState,
  type Slot,
} from '../logic/schedule-filter.ts';

export interface TrainingTableProps {
  groups: string[];
  slots: Slot[];
  /** Today in Oslo by the build's clock; the browser puts it right after loading (a build can be days old). */
  /** Today's weekday in Oslo by the build's clock (0 = Monday): the browser corrects it to its own date. */
  today: Pick<OsloTime, 'weekday'>;
}

const MULTIPLE = 'flere';
const GROUP = 'gruppe:';

function selectValue(state: FilterState): string {
  if (state.mode === 'single') return `${GROUP}${state.selected[0] ?? ''}`;
  return state.mode === 'multiple' ? MULTIPLE : 'alle';
}

function captionOf(state: FilterState): string {
  if (state.mode === 'all' || state.selected.length === 0) return 'Treningstider for alle grupper';
  const names = state.selected;
  return names.length === 1
    ? `Treningstider for gruppe ${names[0]}`
    : `Treningstider for gruppe ${names.slice(0, -1).join(', ')} og ${names.at(-1)}`;
}

/** 16:00 - 18:00 as it is set in Norwegian: 16:00–18:00. */
function timeSpan(time: string): string {
  return time.replace(/\s*[-–]\s*/, '–');
}

/**
 * The island hydrates at the first interaction (templates/training-times.tsx): until then the
 * server's table is the page. A build from another weekday has today's rows wrong, so then it
 * hydrates at once and its effect below puts them right.
 */
export const outOfDate = ({ today }: TrainingTableProps): boolean =>
  osloTime(new Date()).weekday !== today.weekday || new URLSearchParams(location.search).has(GROUP_PARAM);

/** The training times with a group filter; today's rows are bold with a pin. */
export default function TrainingTable({ groups, slots, today: builtToday }: TrainingTableProps) {
  const [filter, setFilter] = useState<FilterState>(ALL);
  const [today, setToday] = useState<Pick<OsloTime, 'weekday'>>(builtToday);
  // The choice lives in the address (?gruppe=C, ?gruppe=A&gruppe=C): kept in step with each
  // change, and read once the widget is live, so a reload or a shared link shows the same rows.
  const read = useRef(false);
  useEffect(() => {
    if (!read.current) return;
    const search = searchOfFilter(location.search, filter);
    if (search !== location.search)
      history.replaceState(history.state, '', `${location.pathname}${search}${location.hash}`);
  }, [filter]);
  useEffect(() => {
    setToday(osloTime(new Date()));
    read.current = true;
    const asked = filterOfSearch(location.search, groups);
    if (asked !== ALL) setFilter(asked);
  }, [groups]);

  const rows = visibleSlots(slots, filter);
  const onSelect = (event: ChangeEvent<HTMLSelectElement>) => {
    const value = event.target.value;
    if (value === MULTIPLE) setFilter(chooseMultiple);
    else if (value.startsWith(GROUP)) setFilter(chooseGroup(value.slice(GROUP.length)));
    else setFilter(chooseAll());
  };

  return (
    <div className="training">
      <div className="training__filter">
        <div className="training__field">
          <label htmlFor="treningsfilter">Vis treninger for</label>
          <select id="treningsfilter" value={selectValue(filter)} onChange={onSelect}>
            <option value="alle">Alle grupper</option>
            {groups.map((group) => (
              <option key={group} value={`${GROUP}${group}`}>
                Gruppe {group}
              </option>
            ))}
            <option value={MULTIPLE}>Flere grupper</option>
          </select>
        </div>
        {filter.mode === 'multiple' ? (
          <fieldset className="training__groups">
            <legend>Velg grupper (ingen valgt viser alle)</legend>
            {groups.map((group) => (
              <label key={group} className="training__check">
                <input
                  type="checkbox"
                  checked={filter.selected.includes(group)}
                  onChange={() => setFilter((state) => toggleGroup(state, group, groups))}
                />
                Gruppe {group}
              </label>
            ))}
          </fieldset>
        ) : null}
      </div>
      <p className="training__legend">
        <span aria-hidden="true">📍</span> I dag: dagens treninger{' '}
        <span className="training__dot" aria-hidden="true">
          ·
        </span>{' '}
        <span aria-hidden="true">🏋️</span> Basis: økta har basistrening
      </p>
      <p className={rows.length === 0 ? 'training__empty' : 'visually-hidden'} role="status">
        {rows.length === 0
          ? 'Ingen treninger funnet for valgte grupper.'
          : `Viser ${rows.length} ${rows.length === 1 ? 'trening' : 'treninger'}.`}
      </p>
      {rows.length === 0 ? null : (
        // A named region (a <section> with a label) that can take focus: if the table is wider than a small screen, it scrolls by keyboard too.
        <section className="training__scroll" aria-labelledby="treningstider-tittel" tabIndex={0}>
          <table className="training__table">
            <caption id="treningstider-tittel">{captionOf(filter)}</caption>
            <thead>
              <tr>
                <th scope="col">Gruppe</th>
                <th scope="col">Dag</th>
                <th scope="col">Tid</th>
                <th scope="col">Sted</th>
                <th scope="col">Basis</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((slot) => {
                const now = isToday(slot, today);
                return (
                  <tr
                    key={`${slot.group}-${slot.day}-${slot.time}-${slot.location}`}
                    className={now ? 'training__today' : undefined}
                  >
                    <td className="training__group">{slot.group}</td>
                    <td className="training__day">
                      {now ? (
                        <span className="training__pin">
                          <span aria-hidden="true">📍</span>
                          <span className="training__pin-text">I dag, </span>
                        </span>
                      ) : null}
                      {slot.day}
                    </td>
                    <td className="training__time">{timeSpan(slot.time)}</td>
                    <td className="training__place">{slot.location}</td>
                    <td className="training__basis">
                      {slot.basis ? (
                        <span className="training__mark">
                          <span role="img" aria-label="Basistrening">
                            🏋️
                          </span>
                          <span aria-hidden="true"> Basis</span>
                        </span>
                      ) : (
                        <span className="visually-hidden">Nei</span>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </section>
      )}
    </div>
  );
}
