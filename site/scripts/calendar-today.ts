import type { OsloTime } from '../dates.ts';
import { DOOR_STATUS_TEXT, isToday, pendingText } from '../logic/calendar-doors.ts';

const TODAY_CLASS = 'calendar-door--today';

/**
 * The Christmas calendar is static HTML built for the build's date. This moves "today" to the
 * browser's date in Oslo: the highlighted door, its «Publiseres i kveld», and the door shown
 * in «Dagens trekning» (a copy of today's door from the grid). No calendar, nothing to do.
 * The page is on screen by then: «Dagens trekning» never shrinks (a build from the season
 * visited after it keeps the block, saying there is no draw today), so nothing below it moves.
 */
export function correctCalendarDoors(today: OsloTime, root: ParentNode = document): void {
  const calendar = root.querySelector<HTMLElement>('[data-calendar]');
  if (!calendar) return;
  let current: HTMLElement | undefined;
  for (const door of calendar.querySelectorAll<HTMLElement>('[data-door-date]')) {
    const facts = { date: door.dataset.doorDate ?? '' };
    const isCurrent = isToday(facts, today.date);
    if (isCurrent) current = door;
    markDoor(door, isCurrent, pendingText(facts, today.date));
  }
  const block = calendar.querySelector<HTMLElement>('[data-todays-draw]');
  const slot = block?.querySelector<HTMLElement>('[data-todays-draw-slot]');
  if (!block || !slot || slot.dataset.todaysDrawSlot === (current ? today.date : '')) return;
  // The block keeps at least the height it has while its content changes (set through the
  // CSSOM, which the Content-Security-Policy allows): what follows it stays where it is.
  if (!block.hidden) slot.style.minHeight = `${slot.getBoundingClientRect().height}px`;
  slot.dataset.todaysDrawSlot = current ? today.date : '';
  // The page's own note (templates/calendar.tsx) says there is no draw today.
  const none = block.querySelector<HTMLElement>('[data-no-draw]');
  if (!current) {
    if (none) none.hidden = false;
    slot.replaceChildren(...(none ? [none] : []));
    return;
  }
  block.hidden = false;
  const copy = current.cloneNode(true) as HTMLElement;
  copy.removeAttribute('data-door-date');
  copy.removeAttribute('aria-current');
  copy.classList.remove(TODAY_CLASS);
  slot.replaceChildren(copy);
}

function markDoor(door: HTMLElement, isCurrent: boolean, pending: string): void {
  door.classList.toggle(TODAY_CLASS, isCurrent);
  if (isCurrent) door.setAttribute('aria-current', 'date');
  else door.removeAttribute('aria-current');
  const badge = door.querySelector<HTMLElement>('[data-door-today-badge]');
  if (badge) badge.hidden = !isCurrent;
  if (door.dataset.doorDrawn === 'true') return;
  const status = door.querySelector<HTMLElement>('[data-door-status]');
  if (status && status.textContent !== pending) status.textContent = pending;
  door.classList.toggle('calendar-door--tonight', pending === DOOR_STATUS_TEXT.tonight);
  door.classList.toggle('calendar-door--not-drawn', pending !== DOOR_STATUS_TEXT.tonight);
}
